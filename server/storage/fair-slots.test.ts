import { describe, expect, it } from 'vitest'
import { FairSlots } from './fair-slots'

/** Work that ends when told to. */
function job(log: string[], name: string) {
  let end!: () => void
  const done = new Promise<void>((resolve) => (end = resolve))
  return { run: async () => (log.push(`start ${name}`), await done, log.push(`end ${name}`), name), end }
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('fair slots', () => {
  it('runs as many as it has slots, then serves waiting projects in turn', async () => {
    const slots = new FairSlots(1, 10)
    const log: string[] = []
    const a1 = job(log, 'a1'), a2 = job(log, 'a2'), a3 = job(log, 'a3'), b1 = job(log, 'b1')
    const runs = [slots.run('a', a1.run), slots.run('a', a2.run), slots.run('a', a3.run), slots.run('b', b1.run)]
    await tick()
    expect(log).toEqual(['start a1'])
    expect(slots.load).toEqual({ running: 1, waiting: 3 })
    a1.end()
    await tick()
    // b's one goes before a's third: a had its turn.
    a2.end()
    await tick()
    await tick()
    expect(log.slice(0, 5)).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start b1'])
    b1.end()
    await tick()
    a3.end()
    expect((await Promise.all(runs)).map((r) => r?.value)).toEqual(['a1', 'a2', 'a3', 'b1'])
    expect(slots.load).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses a project with too many waiting, and lets others in', async () => {
    const slots = new FairSlots(1, 1)
    const log: string[] = []
    const busy = job(log, 'a1')
    const second = job(log, 'a2')
    const first = slots.run('a', busy.run)
    const waiting = slots.run('a', second.run)
    expect(await slots.run('a', job(log, 'a3').run)).toBeNull()
    const other = slots.run('b', async () => 'b1')
    busy.end()
    second.end()
    expect((await first)?.value).toBe('a1')
    expect((await waiting)?.value).toBe('a2')
    expect((await other)?.value).toBe('b1')
  })

  it('gives up the turn of a caller that went away', async () => {
    const slots = new FairSlots(1, 5)
    const log: string[] = []
    const busy = job(log, 'a1')
    const first = slots.run('a', busy.run)
    const leaving = new AbortController()
    const gone = slots.run('b', async () => 'never', leaving.signal)
    leaving.abort(new Error('the client left'))
    await expect(gone).rejects.toThrow('the client left')
    expect(slots.load).toEqual({ running: 1, waiting: 0 })
    busy.end()
    await first
    expect(slots.load).toEqual({ running: 0, waiting: 0 })
  })
})
