/**
 * Where a project's object bytes live (server/storage/README.md): files under DATA_DIR, or an
 * S3-compatible store. The metadata (names, sizes, owners, policies) is always in the project's
 * database; a backend only keeps bytes under keys the storage service makes (`{ref}/{version}`),
 * never a name a tenant chose, and never changes bytes once written: a new upload is a new key.
 */
import type { Readable } from 'node:stream'

export type WrittenObject = { size: number; /** MD5 of the bytes, hex: the object's ETag. */ etag: string }

export type ByteRange = { start: number; end: number }

export interface StorageBackend {
  readonly kind: 'file' | 's3'
  /**
   * Writes `body` under `key`, whole or not at all: until it returns, a reader finds nothing there.
   * More than `maxBytes` stops the write with an ObjectTooLarge error, and nothing is kept.
   */
  write(key: string, body: Readable, options: { maxBytes: number; contentType: string }): Promise<WrittenObject>
  /** The bytes of `key` (or of a range of them), streamed; null when there is no such key. */
  read(key: string, range?: ByteRange): Promise<Readable | null>
  /**
   * How many bytes `key` holds, null when there is none: what an answer's length and a copy's
   * size are taken from (an object's row is the project's to change, its bytes are not).
   */
  size(key: string): Promise<number | null>
  /** A copy of `from` under `to`. */
  copy(from: string, to: string): Promise<void>
  /** Removes the keys; a missing one is no error. */
  remove(keys: string[]): Promise<void>
  /** Removes every key under `prefix` (a deleted project's bytes). */
  removePrefix(prefix: string): Promise<void>
  close(): Promise<void>
}

/** An upload past its limit: the backend kept nothing of it. */
export class ObjectTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes`)
  }
}
