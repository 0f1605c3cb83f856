/**
 * Where a project's object bytes go (docs/configuration.md): files under DATA_DIR (the default),
 * or an S3-compatible bucket of the operator's. Pure: handed a reader of variables
 * (server/config.ts is the one place that reads the environment).
 */
import type { S3BackendConfig } from './backend/s3-backend'

export type StorageConfig = { backend: 'file' } | ({ backend: 's3' } & S3BackendConfig)

export function readStorageConfig(env: (name: string) => string | undefined): StorageConfig {
  const backend = env('STORAGE_BACKEND') ?? 'file'
  if (backend === 'file') return { backend: 'file' }
  if (backend !== 's3') throw new Error(`STORAGE_BACKEND must be file or s3, got "${backend}"`)
  const required = (name: string) => {
    const value = env(name)
    if (!value) throw new Error(`STORAGE_BACKEND=s3 needs ${name}`)
    return value
  }
  const endpoint = env('STORAGE_S3_ENDPOINT')
  if (endpoint !== undefined) {
    try {
      const url = new URL(endpoint)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    } catch {
      throw new Error(`STORAGE_S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`)
    }
  }
  const prefix = env('STORAGE_S3_PREFIX') ?? ''
  const folders = prefix.split('/').slice(0, -1)
  if (prefix && (!prefix.endsWith('/') || folders.some((f) => !/^[A-Za-z0-9_.-]+$/.test(f) || f === '.' || f === '..'))) throw new Error(`STORAGE_S3_PREFIX must be folder names ending in "/", got "${prefix}"`)
  return {
    backend: 's3',
    bucket: required('STORAGE_S3_BUCKET'),
    endpoint,
    region: env('STORAGE_S3_REGION') ?? 'us-east-1',
    accessKeyId: required('STORAGE_S3_ACCESS_KEY_ID'),
    secretAccessKey: required('STORAGE_S3_SECRET_ACCESS_KEY'),
    // Stores other than AWS (MinIO, s3rver, …) answer at host/bucket, not bucket.host.
    forcePathStyle: (env('STORAGE_S3_FORCE_PATH_STYLE') ?? (endpoint ? 'true' : 'false')) === 'true',
    prefix,
  }
}
