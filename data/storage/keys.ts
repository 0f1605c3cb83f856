/**
 * A project's storage: its buckets, each folder's list, its S3 connection (endpoint and access
 * keys) and its settings (the upload limit). Everything sits under `all`, so a change to a bucket
 * refreshes its folders by prefix.
 */
export type StorageFolderVars = { prefix: string; search: string }

export const storageKeys = {
  all: (projectRef: string | undefined) => ['projects', projectRef, 'storage'] as const,
  buckets: (projectRef: string | undefined) => ['projects', projectRef, 'storage', 'buckets'] as const,
  objects: (projectRef: string | undefined, bucketId: string | undefined) => ['projects', projectRef, 'storage', 'objects', bucketId] as const,
  folder: (projectRef: string | undefined, bucketId: string | undefined, vars: StorageFolderVars) =>
    ['projects', projectRef, 'storage', 'objects', bucketId, vars] as const,
  s3: (projectRef: string | undefined) => ['projects', projectRef, 'storage', 's3'] as const,
  settings: (projectRef: string | undefined) => ['projects', projectRef, 'storage', 'settings'] as const,
}
