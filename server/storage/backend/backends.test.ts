// @vitest-environment node
/**
 * What every storage backend keeps to (types.ts), run against the file backend and the S3 one
 * (on s3rver, a real S3 server on files): whole writes or none, sizes and MD5s, ranges, copies,
 * removals, a project's prefix, and only the service's own keys. The S3 one also with a write in
 * several parts, and under a prefix of the operator's.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer, text } from 'node:stream/consumers'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FileBackend } from './file-backend'
import { S3Backend } from './s3-backend'
import { ObjectTooLarge, type StorageBackend } from './types'

const chunks = (...parts: (string | Buffer)[]) => Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)))
const md5 = (bytes: string | Buffer) => createHash('md5').update(bytes).digest('hex')

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-backends-'))
let s3rver: { run(): Promise<{ port: number }>; close(): Promise<void> }
let s3Port = 0
beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(root, 's3'), configureBuckets: [{ name: 'objects', configs: [] }] })
  s3Port = (await s3rver.run()).port
})
afterAll(async () => {
  await s3rver.close()
  fs.rmSync(root, { recursive: true, force: true })
})

const s3 = (prefix = '') =>
  new S3Backend({
    bucket: 'objects',
    endpoint: `http://127.0.0.1:${s3Port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix,
  })

const BACKENDS: [string, () => StorageBackend][] = [
  ['file', () => new FileBackend(fs.mkdtempSync(path.join(root, 'files-')))],
  ['s3', () => s3()],
  ['s3 under a prefix', () => s3('platform/')],
]

describe.each(BACKENDS)('the %s backend', (_name, make) => {
  let backend: StorageBackend
  beforeAll(() => {
    backend = make()
  })
  afterAll(() => backend.close())

  it('writes a stream whole, with its size and MD5, and reads it back whole or by range', async () => {
    const written = await backend.write('abc/v1', chunks('hello ', 'world'), { maxBytes: 100, contentType: 'text/plain' })
    expect(written).toEqual({ size: 11, etag: md5('hello world') })
    expect(await text((await backend.read('abc/v1'))!)).toBe('hello world')
    expect(await text((await backend.read('abc/v1', { start: 6, end: 10 }))!)).toBe('world')
    expect(await backend.size('abc/v1')).toBe(11)
    expect(await backend.read('abc/missing')).toBeNull()
    expect(await backend.size('abc/missing')).toBeNull()
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
    expect(await backend.read('abc/v1')).toBeNull()
    expect(await text((await backend.read('xyz/one'))!)).toBe('x')
    for (const key of ['../etc/passwd', 'abc/../../x', 'abc/a/b', '/abs', 'abc/']) await expect(backend.read(key)).rejects.toThrow('Not a storage key')
    await expect(backend.removePrefix('..')).rejects.toThrow('Not a storage prefix')
  })

  it('writes an object larger than one part', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024 + 17, 7)
    big.write('the end', big.length - 7)
    const written = await backend.write('big/v1', chunks(big.subarray(0, 5_000_000), big.subarray(5_000_000)), { maxBytes: big.length, contentType: 'application/octet-stream' })
    expect(written).toEqual({ size: big.length, etag: md5(big) })
    expect((await buffer((await backend.read('big/v1'))!)).equals(big)).toBe(true)
    expect(await text((await backend.read('big/v1', { start: big.length - 7, end: big.length - 1 }))!)).toBe('the end')
    await backend.removePrefix('big/')
  })
})

it('keeps the file backend’s half-written files out of the objects, and an S3 prefix out of other keys', async () => {
  const files = path.join(root, 'files-incoming')
  const backend = new FileBackend(files)
  await expect(backend.write('abc/big', chunks('12345678'), { maxBytes: 4, contentType: 'text/plain' })).rejects.toBeInstanceOf(ObjectTooLarge)
  expect(fs.readdirSync(path.join(files, 'incoming'))).toEqual([])
  const prefixed = s3('platform/')
  const plain = s3()
  await prefixed.write('abc/v1', chunks('mine'), { maxBytes: 10, contentType: 'text/plain' })
  await plain.write('abc/v1', chunks('theirs'), { maxBytes: 10, contentType: 'text/plain' })
  await plain.removePrefix('abc/')
  expect(await plain.read('abc/v1')).toBeNull()
  expect(await text((await prefixed.read('abc/v1'))!)).toBe('mine')
  await prefixed.close()
  await plain.close()
})
