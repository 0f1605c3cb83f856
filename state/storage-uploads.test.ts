import { beforeEach, describe, expect, it, vi } from 'vitest'

const uploads: { path: string; resolve: () => void; reject: (e: Error) => void; signal?: AbortSignal }[] = []
vi.mock('@/data/storage/upload-file', () => ({
  uploadStorageFile: ({ path, signal }: { path: string; signal?: AbortSignal }) =>
    new Promise<void>((resolve, reject) => {
      uploads.push({ path, resolve, reject, signal })
      signal?.addEventListener('abort', () => reject(new Error('aborted')))
    }),
}))

const { cancelUpload, clearFinishedUploads, invalidNameReason, retryUpload, startUploads, storageUploadsState } = await import('./storage-uploads')

const file = (name: string) => new File(['x'], name, { type: 'text/plain' })
const statuses = () => storageUploadsState.uploads.map((u) => `${u.path}:${u.status}`)
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  uploads.length = 0
  storageUploadsState.uploads = []
})

describe('the file explorer’s uploads', () => {
  it('sends three at a time, the next when one ends, and refreshes the folder for each stored', async () => {
    const onStored = vi.fn()
    startUploads({ projectRef: 'p', bucketId: 'b', prefix: 'team', files: ['1', '2', '3', '4'].map((n) => file(`${n}.txt`)), onStored })
    expect(statuses()).toEqual(['team/1.txt:uploading', 'team/2.txt:uploading', 'team/3.txt:uploading', 'team/4.txt:waiting'])
    uploads[0].resolve()
    await tick()
    expect(statuses()).toEqual(['team/1.txt:done', 'team/2.txt:uploading', 'team/3.txt:uploading', 'team/4.txt:uploading'])
    expect(onStored).toHaveBeenCalledTimes(1)
  })

  it('says why a name cannot be stored before sending a byte, and keeps a failure’s reason for its retry', async () => {
    expect(invalidNameReason('ok name.txt')).toBeNull()
    expect(invalidNameReason('naïve#1.txt')).toMatch(/rename it first/)
    startUploads({ projectRef: 'p', bucketId: 'b', prefix: '', files: [file('naïve#1.txt'), file('b.txt')], onStored: () => undefined })
    expect(statuses()).toEqual(['naïve#1.txt:failed', 'b.txt:uploading'])
    expect(uploads.map((u) => u.path)).toEqual(['b.txt'])
    uploads[0].reject(new Error('The project is paused.'))
    await tick()
    const failed = storageUploadsState.uploads[1]
    expect(failed).toMatchObject({ status: 'failed', error: 'The project is paused.' })
    retryUpload(failed.id)
    expect(storageUploadsState.uploads[1]).toMatchObject({ status: 'uploading', error: undefined })
    // A name that cannot be stored is not retried.
    retryUpload(storageUploadsState.uploads[0].id)
    expect(storageUploadsState.uploads[0].status).toBe('failed')
  })

  it('cancels one under way or waiting, and clears the finished ones', async () => {
    startUploads({ projectRef: 'p', bucketId: 'b', prefix: '', files: ['1', '2', '3', '4'].map((n) => file(`${n}.txt`)), onStored: () => undefined })
    cancelUpload(storageUploadsState.uploads[3].id)
    cancelUpload(storageUploadsState.uploads[0].id)
    await tick()
    expect(uploads[0].signal?.aborted).toBe(true)
    expect(statuses()).toEqual(['1.txt:cancelled', '2.txt:uploading', '3.txt:uploading', '4.txt:cancelled'])
    clearFinishedUploads()
    expect(statuses()).toEqual(['2.txt:uploading', '3.txt:uploading'])
  })
})
