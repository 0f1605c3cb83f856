/** Stored parts one after the other, each read as the stream is consumed: what completes a multipart or resumable upload. */
import { Readable } from 'node:stream'
import type { StorageBackend } from './types'

export function partsInOrder(backend: StorageBackend, keys: string[]): Readable {
  return Readable.from(
    (async function* () {
      for (const key of keys) {
        const part = await backend.read(key)
        if (!part) throw new Error(`A part of the upload is missing (${key})`)
        for await (const chunk of part) yield chunk as Buffer
      }
    })()
  )
}
