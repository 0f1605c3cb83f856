// @vitest-environment node
/**
 * Shutting down a server a killed app copy left running signals that server only: a pid that
 * names another process by then (the server ended and its pid was reused) is left alone.
 */
import { spawn } from 'node:child_process'
import { afterEach, expect, it } from 'vitest'
import { processStart } from './lock'
import { shutDownLeftover } from './postmaster'

const children: number[] = []
afterEach(() => {
  for (const pid of children.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone.
    }
  }
})

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

it.runIf(process.platform === 'linux')('leaves alone a process on the leftover pid that started at another time', async () => {
  // Not a postgres: a process that a SIGINT would end.
  const child = spawn('sleep', ['60'], { stdio: 'ignore' })
  children.push(child.pid!)
  const started = processStart(child.pid!)
  expect(started).not.toBeNull()
  await shutDownLeftover({ pid: child.pid!, started: `${Number(started) + 1}` }, 200)
  expect(alive(child.pid!)).toBe(true)
})

it.runIf(process.platform === 'linux')('shuts down the leftover itself', async () => {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' })
  children.push(child.pid!)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await shutDownLeftover({ pid: child.pid!, started: processStart(child.pid!) }, 200)
  await exited
  expect(child.signalCode).toBe('SIGINT')
})
