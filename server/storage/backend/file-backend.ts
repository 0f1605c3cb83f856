/**
 * Object bytes as files under `{root}` (DATA_DIR/storage): `{root}/objects/{ref}/{version}`. A
 * write goes to `{root}/incoming/` first, is synced, then renamed into place, so a crash or a
 * broken upload never leaves half an object under a key; a copy is a hard link (the bytes of a key
 * never change, so two keys may share them).
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertStorageKey, assertStoragePrefix } from './keys'
import { countedBytes } from './counted'
import type { ByteRange, StorageBackend, WrittenObject } from './types'

const READ_CHUNK_BYTES = 1024 * 1024


export class FileBackend implements StorageBackend {
  readonly kind = 'file'
  private readonly objects: string
  private readonly incoming: string

  constructor(root: string) {
    this.objects = path.join(root, 'objects')
    this.incoming = path.join(root, 'incoming')
    fs.mkdirSync(this.objects, { recursive: true, mode: 0o700 })
    fs.mkdirSync(this.incoming, { recursive: true, mode: 0o700 })
    // Writes a crash cut off: nothing refers to them.
    for (const name of fs.readdirSync(this.incoming)) fs.rmSync(path.join(this.incoming, name), { force: true })
  }

  private pathOf(key: string): string {
    return path.join(this.objects, assertStorageKey(key))
  }

  async write(key: string, body: Readable, { maxBytes }: { maxBytes: number; contentType: string }): Promise<WrittenObject> {
    const target = this.pathOf(key)
    const temporary = path.join(this.incoming, randomUUID())
    const counted = countedBytes(maxBytes)
    const file = fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 })
    try {
      await pipeline(body, counted.stream, file)
      const handle = await fs.promises.open(temporary, 'r')
      try {
        await handle.sync()
      } finally {
        await handle.close()
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
      await fs.promises.rename(temporary, target)
    } catch (error) {
      await fs.promises.rm(temporary, { force: true })
      throw error
    }
    return counted.written()
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.pathOf(key)
    // Opened before it is answered: a missing key is null, not a stream that fails later.
    let handle: fs.promises.FileHandle
    try {
      handle = await fs.promises.open(file, 'r')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    // 1 MiB reads: a large download is a sixteenth of the chunks (and of the writes to the socket)
    // that the default 64 KiB makes, and as much of the bytes at once.
    return handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) })
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).size
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.pathOf(to)
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
    await fs.promises.link(this.pathOf(from), target)
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.promises.rm(this.pathOf(key), { force: true })))
  }

  async removePrefix(prefix: string): Promise<void> {
    await fs.promises.rm(path.join(this.objects, assertStoragePrefix(prefix).slice(0, -1)), { recursive: true, force: true })
  }

  async close(): Promise<void> {}
}
