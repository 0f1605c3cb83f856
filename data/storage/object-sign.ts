import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'

export type SignStorageObjectVariables = {
  projectRef: string
  bucketId: string
  path: string
  expiresIn?: number
  download?: boolean
}

/**
 * A URL that opens a file for `expiresIn` seconds without a key (private buckets too): for a
 * preview, a download, or to share. Asked for on demand, so no query caches it.
 */
export async function signStorageObject({ projectRef, bucketId, path, expiresIn, download }: SignStorageObjectVariables) {
  return call(storageRoutes.signStorageObject, {
    params: { ref: projectRef, id: bucketId },
    body: { path, expires_in: expiresIn, download },
  })
}
