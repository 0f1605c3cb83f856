import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { BootFailure, FunctionWorker } from './worker'
import { readFunctionsConfig } from './config'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('a function worker', () => {
  it('ends at once when its process cannot be made at all: no timer left, stop() resolves, the pool is told', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-worker-'))
    dirs.push(dir)
    const limits = readFunctionsConfig(() => undefined, (_name, fallback) => fallback)
    let told = 0
    const worker = new FunctionWorker(
      {
        key: 'k',
        ref: 'ref',
        slug: 'slug',
        version: 1,
        projectId: 1,
        // No such folder: spawning there fails before any process exists (it emits no exit).
        codeDir: path.join(dir, 'missing'),
        cacheDir: path.join(dir, 'cache'),
        runDir: path.join(dir, 'run'),
        entrypoint: 'index.ts',
        importMap: null,
        env: {},
        mode: 'off',
        denoBin: process.execPath,
        limits,
      },
      () => undefined,
      () => told++
    )
    await expect(worker.ready).rejects.toBeInstanceOf(BootFailure)
    await expect(worker.ready).rejects.toThrow(/could not start/)
    const outcome = await Promise.race([worker.stop().then(() => 'stopped'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000))])
    expect(outcome).toBe('stopped')
    expect([worker.alive, worker.exitedAlready, told]).toEqual([false, true, 1])
  })
})
