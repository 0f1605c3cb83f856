// @vitest-environment node
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { FileBackend } from './file-backend'
import { ObjectTooLarge } from './types'

let root: string
let backend: FileBackend
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-files-'))
  backend = new FileBackend(root)
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)))

it('writes a stream whole, with its size and MD5, and reads it back whole or by range', async () => {
  const written = await backend.write('abc/v1', chunks('hello ', 'world'), { maxBytes: 100, contentType: 'text/plain' })
  expect(written).toEqual({ size: 11, etag: createHash('md5').update('hello world').digest('hex') })
  expect(await text((await backend.read('abc/v1'))!)).toBe('hello world')
  expect(await text((await backend.read('abc/v1', { start: 6, end: 10 }))!)).toBe('world')
  expect(await backend.read('abc/missing')).toBeNull()
})

it('keeps nothing of a write past its limit or of a broken body', async () => {
  await expect(backend.write('abc/big', chunks('12345', '67890'), { maxBytes: 7, contentType: 'text/plain' })).rejects.toBeInstanceOf(ObjectTooLarge)
  const broken = new Readable({ read() {} })
  const writing = backend.write('abc/broken', broken, { maxBytes: 100, contentType: 'text/plain' })
  broken.push('half')
  broken.destroy(new Error('the client left'))
  await expect(writing).rejects.toThrow('the client left')
  expect(await backend.read('abc/big')).toBeNull()
  expect(await backend.read('abc/broken')).toBeNull()
  expect(fs.readdirSync(path.join(root, 'incoming'))).toEqual([])
})

it('copies, removes keys and a whole project, and refuses a key that is not its own form', async () => {
  await backend.write('abc/one', chunks('1'), { maxBytes: 10, contentType: 'text/plain' })
  await backend.copy('abc/one', 'abc/two')
  await backend.write('xyz/one', chunks('x'), { maxBytes: 10, contentType: 'text/plain' })
  await backend.remove(['abc/one', 'abc/nothing'])
  expect(await backend.read('abc/one')).toBeNull()
  expect(await text((await backend.read('abc/two'))!)).toBe('1')
  await backend.removePrefix('abc/')
  expect(await backend.read('abc/two')).toBeNull()
  expect(await text((await backend.read('xyz/one'))!)).toBe('x')
  for (const key of ['../etc/passwd', 'abc/../../x', 'abc/a/b', '/abs', 'abc/']) await expect(backend.read(key)).rejects.toThrow('Not a storage key')
  await expect(backend.removePrefix('..')).rejects.toThrow('Not a storage prefix')
})
