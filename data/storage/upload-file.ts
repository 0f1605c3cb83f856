import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call, ResponseError } from '../fetchers'

export type UploadStorageFileVariables = {
  projectRef: string
  bucketId: string
  /** The file's full name in the bucket (its folder and its own name). */
  path: string
  file: Blob
  upsert?: boolean
  onProgress?: (loaded: number, total: number) => void
  signal?: AbortSignal
}

/** What the project's storage answers on a refusal: its own errors, or the gateway's. */
function refusal(status: number, text: string): ResponseError {
  try {
    const body = JSON.parse(text) as { statusCode?: string; message?: string; hint?: string }
    const code = Number(body.statusCode) || status
    // The service's own words are for programs (storage-js reads them as they are).
    const type = /^mime type (.+) is not supported$/.exec(body.message ?? '')?.[1]
    // The storage API's own 409 (its statusCode) is a name taken; the gateway's is the project's state.
    if (body.statusCode === '409') return new ResponseError('A file of that name is already there: rename yours, or delete that one first.', code)
    if (code === 415 && type) return new ResponseError(`The bucket does not take this type of file (${type}): its allowed file types are set on Storage → Buckets → Edit.`, code)
    return new ResponseError([body.message, body.hint].filter(Boolean).join(' ') || `The upload was refused (HTTP ${status}).`, code)
  } catch {
    return new ResponseError(`The upload was refused (HTTP ${status}).`, status)
  }
}

/**
 * Uploads one file: a signed upload URL from the platform, then the bytes straight to the
 * project's storage. By XMLHttpRequest, not fetch: only it reports an upload's progress.
 */
export async function uploadStorageFile({ projectRef, bucketId, path, file, upsert = false, onProgress, signal }: UploadStorageFileVariables): Promise<void> {
  const { url } = await call(storageRoutes.createStorageUploadUrl, { params: { ref: projectRef, id: bucketId }, body: { path, upsert } }, { signal })
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream')
    if (upsert) xhr.setRequestHeader('x-upsert', 'true')
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size)
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(refusal(xhr.status, xhr.responseText)))
    xhr.onerror = () => reject(new ResponseError('The upload broke off: check the connection, then retry.', 0, { network: true }))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}
