import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { socketFolder } from './processes'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name))
  made.push(dir)
  return dir
}

describe("the PostgREST sockets' folder", () => {
  it('is DATA_DIR/data-api/sock, 0700, its parent passable only', () => {
    const dataDir = tempDir('sock-')
    const dir = socketFolder(dataDir, null)
    expect(dir).toBe(path.join(dataDir, 'data-api', 'sock'))
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    expect(fs.statSync(path.dirname(dir)).mode & 0o777).toBe(0o711)
  })

  it('moves to a fresh folder of its own in the temp dir when DATA_DIR is too long for a socket address, never a name known in advance', () => {
    const dataDir = path.join(tempDir('sock-'), 'a'.repeat(80))
    const dir = socketFolder(dataDir, null)
    made.push(dir)
    expect(path.dirname(dir)).toBe(os.tmpdir())
    expect(path.basename(dir)).toMatch(/^supaboard-rest-\w{6}$/)
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    expect(socketFolder(dataDir, null)).toBe(dir)
    expect(socketFolder(`${dataDir}b`, null)).not.toBe(dir)
    made.push(socketFolder(`${dataDir}b`, null))
  })

  it('makes a fresh folder when the one it had was replaced, and leaves what a link points at alone', () => {
    const dataDir = path.join(tempDir('sock-'), 'b'.repeat(80))
    const dir = socketFolder(dataDir, null)
    const target = tempDir('target-')
    fs.chmodSync(target, 0o755)
    fs.rmSync(dir, { recursive: true })
    fs.symlinkSync(target, dir)
    made.push(dir)
    const again = socketFolder(dataDir, null)
    made.push(again)
    expect(again).not.toBe(dir)
    expect(fs.lstatSync(again).isDirectory()).toBe(true)
    expect(fs.statSync(target).mode & 0o777).toBe(0o755)
  })
})
