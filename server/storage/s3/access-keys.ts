/**
 * A project's S3 access keys (storage_s3_access_keys, migration 0048): made, listed and revoked on
 * Project settings → Storage, looked up by the S3 protocol to check a request's signature. The
 * secret is kept, as SigV4 needs it to sign again what the client signed; it is answered once.
 */
import { randomBytes } from 'node:crypto'
import type { CreatedStorageS3AccessKey, StorageS3AccessKey } from '@/lib/api-types'
import type { Platform } from '../../kernel/platform'

type Row = { id: string; description: string; access_key_id: string; created_at: Date }

const toKey = (row: Row): StorageS3AccessKey => ({
  id: row.id,
  description: row.description,
  access_key_id: row.access_key_id,
  created_at: new Date(row.created_at).toISOString(),
})

export async function listAccessKeys(platform: Platform, ref: string): Promise<StorageS3AccessKey[]> {
  const rows = await platform.db.query<Row>(
    'select id, description, access_key_id, created_at from storage_s3_access_keys where project_ref = $1 order by created_at, id',
    [ref]
  )
  return rows.map(toKey)
}

/** A new key: 32 hex digits of id, 64 of secret (what S3 tools accept). */
export async function createAccessKey(platform: Platform, ref: string, description: string): Promise<CreatedStorageS3AccessKey> {
  const accessKeyId = randomBytes(16).toString('hex')
  const secret = randomBytes(32).toString('hex')
  const [row] = await platform.db.query<Row>(
    `insert into storage_s3_access_keys (project_ref, description, access_key_id, secret_access_key) values ($1, $2, $3, $4)
     returning id, description, access_key_id, created_at`,
    [ref, description, accessKeyId, secret]
  )
  return { ...toKey(row), secret_access_key: secret }
}

/** Whether a key of the project was revoked (false: it has none of that id). */
export async function revokeAccessKey(platform: Platform, ref: string, id: string): Promise<boolean> {
  const rows = await platform.db.query('delete from storage_s3_access_keys where project_ref = $1 and id = $2 returning id', [ref, id])
  return rows.length > 0
}

/** The secret of a key of this project, or null: a key of another project signs nothing here. */
export async function accessKeySecret(platform: Platform, ref: string, accessKeyId: string): Promise<string | null> {
  const [row] = await platform.db.query<{ secret_access_key: string }>(
    'select secret_access_key from storage_s3_access_keys where project_ref = $1 and access_key_id = $2',
    [ref, accessKeyId],
    { prepare: true }
  )
  return row?.secret_access_key ?? null
}

/** A deleted project's keys go with it. */
export async function removeProjectAccessKeys(platform: Platform, ref: string): Promise<void> {
  await platform.db.query('delete from storage_s3_access_keys where project_ref = $1', [ref])
}
