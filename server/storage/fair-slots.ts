/**
 * Work that costs a core (an image transformation) taken a few at a time per app copy, and fairly
 * between projects: `slots` run at once; the rest wait in one queue per project, served in turn
 * (round robin), so a project that asks for a hundred does not keep another's one waiting behind
 * them. A project with `maxWaiting` already waiting is refused at once (the caller answers 429).
 */
export class FairSlots {
  private running = 0
  /** Waiting turns per project, in the order projects first queued (a Map keeps insertion order). */
  private readonly waiting = new Map<string, (() => void)[]>()

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number
  ) {}

  /**
   * Runs `work` once a slot is free; answers null, without running it, when `project` has too
   * many waiting already. `signal`: the caller went away, its turn is given up.
   */
  async run<T>(project: string, work: () => Promise<T>, signal?: AbortSignal): Promise<{ value: T } | null> {
    if (this.running >= this.slots || this.waiting.size > 0) {
      signal?.throwIfAborted()
      const queue = this.waiting.get(project) ?? []
      if (queue.length >= this.maxWaiting) return null
      const turn = new Promise<void>((resolve, reject) => {
        const take = () => resolve()
        queue.push(take)
        this.waiting.set(project, queue)
        signal?.addEventListener(
          'abort',
          () => {
            const left = this.waiting.get(project)?.filter((t) => t !== take) ?? []
            if (left.length) this.waiting.set(project, left)
            else this.waiting.delete(project)
            reject(signal.reason ?? new Error('aborted'))
          },
          { once: true }
        )
      })
      await turn
    } else this.running++
    try {
      return { value: await work() }
    } finally {
      this.next()
    }
  }

  /** A slot freed: the first project in turn takes it, and goes to the back of the line. */
  private next() {
    const first = this.waiting.entries().next()
    if (first.done) {
      this.running--
      return
    }
    const [project, queue] = first.value
    const take = queue.shift()!
    this.waiting.delete(project)
    if (queue.length) this.waiting.set(project, queue)
    take()
  }

  /** How many run and wait now (a test's look). */
  get load() {
    return { running: this.running, waiting: [...this.waiting.values()].reduce((n, q) => n + q.length, 0) }
  }
}
