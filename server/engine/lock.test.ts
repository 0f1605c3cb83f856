import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { lockDataDir, processStart, STALE_MS } from './lock'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'))
  made.push(dir)
  return path.join(dir, 'engine.lock')
}

it('refuses a second holder while the first one lives, with a message that says what to do', async () => {
  const file = tmp()
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
  try {
    fs.writeFileSync(file, JSON.stringify({ pid: child.pid, started: processStart(child.pid!), host: os.hostname(), since: 'then' }))
    expect(() => lockDataDir(file, 'the database in /x')).toThrow(/Another copy of the platform \(pid \d+ .*\) is running the database in \/x\. Stop it first, or give this copy a DATA_DIR of its own/)
  } finally {
    child.kill('SIGKILL')
  }
})

it('takes over a lock whose holder is gone (killed, never released)', async () => {
  const file = tmp()
  const child = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => child.on('exit', resolve))
  fs.writeFileSync(file, JSON.stringify({ pid: child.pid, started: null, host: os.hostname(), since: 'then' }))
  const lock = lockDataDir(file, 'x')
  expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid)
  lock.release()
  expect(fs.existsSync(file)).toBe(false)
})

it('does not count a pid reused by another process as the holder', () => {
  const file = tmp()
  // Our own pid, with another start time: the lock was written by an earlier process of that pid.
  fs.writeFileSync(file, JSON.stringify({ pid: process.ppid, started: '1', host: os.hostname(), since: 'then' }))
  const lock = lockDataDir(file, 'x')
  lock.release()
})

it('takes over a half-written lock', () => {
  const file = tmp()
  fs.writeFileSync(file, '{"pid":')
  lockDataDir(file, 'x').release()
})

it('takes over a lock of another host once it has not been touched for a minute, and not before', () => {
  const file = tmp()
  fs.writeFileSync(file, JSON.stringify({ pid: 1, started: null, host: 'a-container-gone', since: 'then' }))
  expect(() => lockDataDir(file, 'x')).toThrow(/Another copy of the platform \(pid 1 on a-container-gone/)
  const past = new Date(Date.now() - STALE_MS - 1000)
  fs.utimesSync(file, past, past)
  const lock = lockDataDir(file, 'x')
  expect(JSON.parse(fs.readFileSync(file, 'utf8')).host).toBe(os.hostname())
  lock.release()
})
