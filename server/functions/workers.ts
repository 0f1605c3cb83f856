/**
 * This app copy's Deno workers, one per function version and environment (worker.ts): started at
 * a request that finds none, kept warm, stopped after FUNCTIONS_IDLE_SECONDS without a request.
 * At FUNCTIONS_MAX_WORKERS the least recently used idle one makes room; when every one is busy
 * the request is refused (503, try again). A newer version or environment of a function retires
 * the older worker: it finishes what it has in flight and stops, while new requests go to the new
 * one, so a redeploy fails no request.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Platform } from '../kernel/platform'
import { PlatformError } from '../kernel/errors'
import { FunctionWorker, type WorkerLine, type WorkerSpec } from './worker'
import { runDirOf, runFolderName, sweepCode } from './code-store'

/** Every ten minutes, versions' folders no longer used go; a folder younger than ten minutes stays. */
const CODE_SWEEP_EVERY_TICKS = 600
const CODE_SWEEP_AGE_MS = 10 * 60_000

export type WorkerRequest = Omit<WorkerSpec, 'runDir'> & { functionKey: string }

export class WorkerPool {
  private readonly workers = new Map<string, FunctionWorker>()
  /** The worker serving each function now (ref/slug), by its key. */
  private readonly current = new Map<string, string>()
  /** Deploys' checks under way (not serving yet). */
  private readonly checking = new Set<FunctionWorker>()
  private readonly sweep: NodeJS.Timeout

  constructor(
    private readonly platform: Platform,
    private readonly onLine: (spec: WorkerSpec, line: WorkerLine) => void
  ) {
    // Run folders a killed copy left behind hold nothing live.
    fs.rmSync(runDirOf(platform), { recursive: true, force: true })
    let ticks = 0
    this.sweep = setInterval(() => {
      this.stopIdle()
      if (++ticks % CODE_SWEEP_EVERY_TICKS === 0) void this.sweepCode().catch(() => undefined)
    }, 1000)
    this.sweep.unref()
  }

  /** Deno processes of this copy: serving, and deploys' checks. */
  get size(): number {
    return this.workers.size + this.checking.size
  }

  /** The worker for this version and environment, started if none runs; older ones of the function retire. */
  workerFor(request: WorkerRequest): FunctionWorker {
    const running = this.workers.get(request.key)
    if (running?.alive) return running
    const before = this.current.get(request.functionKey)
    this.makeRoom(request.ref)
    const worker = this.spawn(request)
    this.workers.set(request.key, worker)
    this.current.set(request.functionKey, request.key)
    if (before && before !== request.key) this.workers.get(before)?.retire()
    return worker
  }

  /**
   * A deploy's check: a worker of the version not stored yet, not serving until it is adopted.
   * It counts toward FUNCTIONS_MAX_WORKERS like any other, so deploys at once cannot start Deno
   * processes past the cap.
   */
  candidate(request: WorkerRequest): FunctionWorker {
    this.makeRoom(request.ref)
    const worker = this.spawn(request)
    this.checking.add(worker)
    return worker
  }

  private spawn(request: WorkerRequest): FunctionWorker {
    const { functionKey: _functionKey, ...spec } = request
    const worker = new FunctionWorker(
      { ...spec, runDir: path.join(runDirOf(this.platform), runFolderName()) },
      (line) => this.onLine(worker.spec, line),
      (gone) => {
        this.checking.delete(gone)
        if (this.workers.get(gone.spec.key) === gone) this.workers.delete(gone.spec.key)
      }
    )
    return worker
  }

  /** The checked worker serves the version the deploy stored; the function's older worker retires. */
  adopt(functionKey: string, worker: FunctionWorker): void {
    this.checking.delete(worker)
    // Stopped meanwhile (its project paused or deleted under the deploy): nothing to serve.
    if (!worker.alive) return
    // A request that read the stored version first started a worker of it already: that one serves.
    const started = this.workers.get(worker.spec.key)
    if (started?.alive && started !== worker) {
      void worker.stop()
      return
    }
    const before = this.current.get(functionKey)
    this.workers.set(worker.spec.key, worker)
    this.current.set(functionKey, worker.spec.key)
    if (before && before !== worker.spec.key) this.workers.get(before)?.retire()
  }

  /**
   * Room for one more worker of project `ref`. A project gets at most
   * FUNCTIONS_MAX_WORKERS_PER_PROJECT workers busy at once (its deploys' checks among them), so
   * that one project cannot hold every slot with requests that wait; its idle workers stay warm
   * while there is room. At FUNCTIONS_MAX_WORKERS the least recently used idle worker, anyone's,
   * stops. With none idle, the request is refused (503, try again). Self-hosted (one user's
   * projects), the share does not apply.
   */
  private makeRoom(ref: string) {
    const { maxWorkers, maxWorkersPerProject } = this.platform.config.functions
    if (this.platform.config.isPlatform) {
      const busy = [...this.workers.values(), ...this.checking].filter((worker) => worker.spec.ref === ref && worker.alive && (worker.busy > 0 || this.checking.has(worker))).length
      if (busy >= maxWorkersPerProject)
        throw new PlatformError(503, `This project's functions keep ${busy} worker${busy === 1 ? '' : 's'} busy on this server, the most one project gets at once: try again in a moment.`, {}, { 'Retry-After': '1' })
    }
    if (this.size < maxWorkers) return
    const [oldest] = [...this.workers.values()].filter((worker) => worker.busy === 0 && this.workers.get(worker.spec.key) === worker).sort((a, b) => a.lastUsed - b.lastUsed)
    if (!oldest) throw new PlatformError(503, `All ${maxWorkers} function workers of this server are busy: try again in a moment.`, {}, { 'Retry-After': '1' })
    this.remove(oldest)
  }

  /** Whether a worker of this copy that has not ended runs from `codeDir` (a folder not to remove). */
  runsFrom(codeDir: string, except?: FunctionWorker): boolean {
    return [...this.workers.values(), ...this.checking].some((worker) => worker !== except && !worker.exitedAlready && worker.spec.codeDir === codeDir)
  }

  private remove(worker: FunctionWorker) {
    this.workers.delete(worker.spec.key)
    void worker.stop()
  }

  private stopIdle() {
    const before = Date.now() - this.platform.config.functions.idleSeconds * 1000
    for (const worker of [...this.workers.values()]) if (worker.busy === 0 && worker.lastUsed < before) this.remove(worker)
  }

  /** Versions' folders nothing serves any more leave this copy's disk (code-store.ts). */
  sweepCode(olderThanMs = CODE_SWEEP_AGE_MS): Promise<number> {
    return sweepCode(this.platform, (dir) => this.runsFrom(dir), olderThanMs)
  }

  /** Every worker of the project stops (pause, delete, restore, a changed secret …). */
  async release(ref: string, slug?: string): Promise<void> {
    const gone = [...this.workers.values(), ...this.checking].filter((worker) => worker.spec.ref === ref && (slug === undefined || worker.spec.slug === slug))
    for (const worker of gone) {
      if (this.workers.get(worker.spec.key) === worker) this.workers.delete(worker.spec.key)
      this.checking.delete(worker)
    }
    await Promise.all(gone.map((worker) => worker.stop()))
  }

  /** This copy's workers of a project: their count and memory (the dashboard, the bench). */
  workersOf(ref: string): FunctionWorker[] {
    return [...this.workers.values(), ...this.checking].filter((worker) => worker.spec.ref === ref)
  }

  async close(): Promise<void> {
    clearInterval(this.sweep)
    const all = [...this.workers.values(), ...this.checking]
    this.workers.clear()
    this.checking.clear()
    await Promise.all(all.map((worker) => worker.stop()))
  }
}
