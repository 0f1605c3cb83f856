/**
 * The file explorer's uploads (Storage → a bucket): each file's progress, what failed and why,
 * retried or cancelled from the uploads panel. Three go at once; the rest wait their turn. The
 * File objects stay outside the proxy (ref): valtio must not copy or watch their bytes.
 */
import { proxy, ref } from 'valtio'
import { MAX_KEY_BYTES, OBJECT_KEY } from '@/lib/api-types/storage'
import { uploadStorageFile } from '@/data/storage/upload-file'

export type StorageUploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled'

export type StorageUpload = {
  id: number
  projectRef: string
  bucketId: string
  /** The file's full name in the bucket. */
  path: string
  loaded: number
  total: number
  status: StorageUploadStatus
  error?: string
  file: File
  /** Called once it is stored (the folder's list is refreshed). */
  onStored: () => void
  abort?: AbortController
}

const PARALLEL = 3
let nextId = 1

export const storageUploadsState = proxy({ uploads: [] as StorageUpload[] })

/** Why a file's name cannot be an object's, or null: said before any byte is sent. */
export function invalidNameReason(path: string): string | null {
  if (!OBJECT_KEY.test(path))
    return "Its name has characters a file in storage cannot have (letters, digits, spaces and _ ! . * ' ( ) & $ = @ ; : + , ? - only): rename it first."
  if (new TextEncoder().encode(path).length > MAX_KEY_BYTES) return `Its full name is longer than ${MAX_KEY_BYTES} bytes.`
  return null
}

function pump() {
  const running = storageUploadsState.uploads.filter((u) => u.status === 'uploading').length
  const waiting = storageUploadsState.uploads.filter((u) => u.status === 'waiting').slice(0, Math.max(0, PARALLEL - running))
  for (const upload of waiting) void run(upload)
}

async function run(upload: StorageUpload) {
  const abort = new AbortController()
  upload.status = 'uploading'
  upload.abort = ref(abort)
  try {
    await uploadStorageFile({
      projectRef: upload.projectRef,
      bucketId: upload.bucketId,
      path: upload.path,
      file: upload.file,
      signal: abort.signal,
      onProgress: (loaded, total) => {
        upload.loaded = loaded
        upload.total = total
      },
    })
    upload.status = 'done'
    upload.loaded = upload.total
    upload.onStored()
  } catch (error) {
    if (abort.signal.aborted) upload.status = 'cancelled'
    else {
      upload.status = 'failed'
      upload.error = (error as Error).message
    }
  } finally {
    upload.abort = undefined
    pump()
  }
}

/** Queues files for `bucketId` under the folder `prefix` ('' for its top). */
export function startUploads({
  projectRef,
  bucketId,
  prefix,
  files,
  onStored,
}: {
  projectRef: string
  bucketId: string
  prefix: string
  files: File[]
  onStored: () => void
}) {
  for (const file of files) {
    const path = prefix ? `${prefix}/${file.name}` : file.name
    const reason = invalidNameReason(path)
    storageUploadsState.uploads.push({
      id: nextId++,
      projectRef,
      bucketId,
      path,
      loaded: 0,
      total: file.size,
      status: reason ? 'failed' : 'waiting',
      error: reason ?? undefined,
      file: ref(file),
      onStored: ref(onStored),
    })
  }
  pump()
}

const find = (id: number) => storageUploadsState.uploads.find((u) => u.id === id)

export function retryUpload(id: number) {
  const upload = find(id)
  if (!upload || (upload.status !== 'failed' && upload.status !== 'cancelled') || invalidNameReason(upload.path)) return
  Object.assign(upload, { status: 'waiting', error: undefined, loaded: 0 })
  pump()
}

export function cancelUpload(id: number) {
  const upload = find(id)
  if (upload?.status === 'waiting') upload.status = 'cancelled'
  else upload?.abort?.abort()
}

/** Takes the finished ones (stored, or given up) off the list. */
export function clearFinishedUploads() {
  storageUploadsState.uploads = storageUploadsState.uploads.filter((u) => u.status === 'waiting' || u.status === 'uploading')
}
