/**
 * Where resumable (TUS) uploads keep what has come so far: a `@tus/server` data store on the
 * platform's own rows (storage_resumable_uploads, migration 0048) and the storage backend's bytes.
 * A PATCH's body is cut into parts of 8 MiB, each stored as a version of the project's (listed in
 * the ledger, so an upload under way counts in the storage size) and committed with the upload's
 * new offset, so a broken connection loses at most the part it was in. The offset moves only from
 * the one it was (compare-and-set), so two app copies taking the same upload cannot both add to
 * it; with the S3 backend every copy can take any upload's next chunk, and after a restart.
 */
import { once } from 'node:events'
import { PassThrough, type Readable } from 'node:stream'
import { DataStore, ERRORS, Upload } from '@tus/utils'
import type { Platform } from '../kernel/platform'
import type { StorageBackend } from './backend/types'
import { objectKey } from './context'
import { forgetVersions, newVersion, sizeVersion } from './ledger'

/** The bytes of an upload one part holds at most. */
export const PART_BYTES = 8 * 1024 * 1024

type Row = { id: string; size: string | null; upload_offset: string; metadata: Record<string, string | null> | null; created_at: Date }

const refOf = (id: string) => id.slice(0, id.indexOf('.'))

export class PlatformUploadStore extends DataStore {
  constructor(
    private readonly platform: Platform,
    private readonly backend: StorageBackend,
    private readonly expiryMs: number
  ) {
    super()
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration']
  }

  async create(upload: Upload): Promise<Upload> {
    await this.platform.db.query(
      `insert into storage_resumable_uploads (id, project_ref, size, metadata) values ($1, $2, $3, $4)`,
      [upload.id, refOf(upload.id), upload.size ?? null, upload.metadata ?? {}]
    )
    return upload
  }

  async getUpload(id: string): Promise<Upload> {
    const [row] = await this.platform.db.query<Row>('select id, size, upload_offset, metadata, created_at from storage_resumable_uploads where id = $1', [id])
    if (!row) throw ERRORS.FILE_NOT_FOUND
    return new Upload({
      id,
      size: row.size === null ? undefined : Number(row.size),
      offset: Number(row.upload_offset),
      metadata: row.metadata ?? {},
      creation_date: new Date(row.created_at).toISOString(),
    })
  }

  async declareUploadLength(id: string, length: number): Promise<void> {
    await this.platform.db.query('update storage_resumable_uploads set size = $2 where id = $1', [id, length])
  }

  /** The versions of the upload's parts, in order: what completing it puts together. */
  async partKeys(id: string): Promise<string[]> {
    const rows = await this.platform.db.query<{ version: string }>('select version from storage_resumable_parts where upload_id = $1 order by seq', [id])
    return rows.map((r) => objectKey(refOf(id), r.version)!)
  }

  async write(readable: Readable, id: string, offset: number): Promise<number> {
    const ref = refOf(id)
    let at = offset
    // One part: its bytes stored whole, then committed with the offset it moves the upload to.
    const storePart = async (bytes: Readable): Promise<void> => {
      const version = await newVersion(this.platform, ref)
      let size: number
      try {
        size = (await this.backend.write(objectKey(ref, version)!, bytes, { maxBytes: PART_BYTES, contentType: 'application/octet-stream' })).size
      } catch (error) {
        await forgetVersions(this.platform, ref, [version])
        throw error
      }
      await sizeVersion(this.platform, ref, version, size)
      const [moved] = await this.platform.db.query<{ ok: boolean }>(
        `with moved as (
           update storage_resumable_uploads set upload_offset = upload_offset + $3, updated_at = now()
            where id = $1 and upload_offset = $2 returning 1)
         insert into storage_resumable_parts (upload_id, seq, version, size_bytes)
         select $1, coalesce((select max(seq) from storage_resumable_parts where upload_id = $1), 0) + 1, $4, $3 where exists (select 1 from moved)
         returning true as ok`,
        [id, at, size, version]
      )
      if (!moved) {
        // Another request moved the upload on (or removed it) meanwhile: this part is nobody's.
        await this.backend.remove([objectKey(ref, version)!])
        await forgetVersions(this.platform, ref, [version])
        throw ERRORS.INVALID_OFFSET
      }
      at += size
    }

    let part: PassThrough | null = null
    let stored: Promise<void> | null = null
    let inPart = 0
    const endPart = async () => {
      if (!part) return
      part.end()
      await stored
      part = null
      stored = null
    }
    try {
      for await (const data of readable) {
        let chunk = data as Buffer
        while (chunk.length > 0) {
          if (!part) {
            part = new PassThrough()
            stored = storePart(part)
            inPart = 0
          }
          const take = Math.min(chunk.length, PART_BYTES - inPart)
          const open = part.write(chunk.subarray(0, take))
          inPart += take
          chunk = chunk.subarray(take)
          if (inPart === PART_BYTES) await endPart()
          else if (!open) await Promise.race([once(part, 'drain'), stored])
        }
      }
      await endPart()
    } catch (error) {
      // The body broke off: the part it was in is not kept; the parts before it are.
      if (part) {
        const broken = part as PassThrough
        broken.destroy(error as Error)
        await (stored as Promise<void> | null)?.catch(() => undefined)
      }
      if (at > offset) return at
      throw error
    }
    return at
  }

  async remove(id: string): Promise<void> {
    const versions = await this.platform.db.query<{ version: string }>(
      `with gone as (delete from storage_resumable_uploads where id = $1 returning id)
       select p.version from storage_resumable_parts p where p.upload_id in (select id from gone)`,
      [id]
    )
    const ref = refOf(id)
    if (versions.length) {
      await this.backend.remove(versions.map((v) => objectKey(ref, v.version)!))
      await forgetVersions(this.platform, ref, versions.map((v) => v.version))
    }
  }

  async deleteExpired(): Promise<number> {
    const expired = await this.platform.db.query<{ id: string }>(
      `select id from storage_resumable_uploads where updated_at < now() - make_interval(secs => $1)`,
      [this.expiryMs / 1000]
    )
    for (const { id } of expired) await this.remove(id)
    return expired.length
  }

  getExpiration(): number {
    return this.expiryMs
  }

  /** The project's uploads under way. */
  async unfinishedOf(ref: string): Promise<number> {
    const [row] = await this.platform.db.query<{ n: number }>('select count(*)::int as n from storage_resumable_uploads where project_ref = $1', [ref])
    return row.n
  }

  /** A deleted project's uploads (their bytes go with its prefix). */
  async removeProject(ref: string): Promise<void> {
    await this.platform.db.query('delete from storage_resumable_uploads where project_ref = $1', [ref])
  }
}
