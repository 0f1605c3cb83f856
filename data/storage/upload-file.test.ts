// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { uploadStorageFile } from './upload-file'

vi.mock('../fetchers', async (actual) => ({
  ...(await actual<typeof import('../fetchers')>()),
  call: async () => ({ url: 'http://localhost/p/abc/storage/v1/object/upload/sign/b/a.txt?token=t' }),
}))

/** An XMLHttpRequest that answers `status` with `body` once sent. */
function answering(status: number, body: string) {
  class FakeRequest {
    status = 0
    responseText = ''
    upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {}
    onload?: () => void
    onerror?: () => void
    onabort?: () => void
    open() {}
    setRequestHeader() {}
    abort() {
      this.onabort?.()
    }
    send() {
      this.upload.onprogress?.({ loaded: 1, total: 1, lengthComputable: true })
      this.status = status
      this.responseText = body
      this.onload?.()
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest)
}

afterEach(() => vi.unstubAllGlobals())

const upload = () => uploadStorageFile({ projectRef: 'abc', bucketId: 'b', path: 'a.txt', file: new Blob(['x']) })

describe('an upload’s refusal, in words', () => {
  it('says what to do about a name taken and a type the bucket does not take', async () => {
    answering(400, JSON.stringify({ statusCode: '409', error: 'Duplicate', message: 'The resource already exists' }))
    await expect(upload()).rejects.toMatchObject({ code: 409, message: 'A file of that name is already there: rename yours, or delete that one first.' })
    answering(400, JSON.stringify({ statusCode: '415', error: 'invalid_mime_type', message: 'mime type text/plain is not supported' }))
    await expect(upload()).rejects.toMatchObject({ code: 415, message: expect.stringContaining('(text/plain): its allowed file types are set on Storage → Buckets → Edit.') })
  })

  it('keeps the service’s own sentence otherwise, with the gateway’s hint', async () => {
    answering(409, JSON.stringify({ message: 'This project is paused.', hint: 'Restore it first.' }))
    await expect(upload()).rejects.toMatchObject({ code: 409, message: 'This project is paused. Restore it first.' })
    answering(413, JSON.stringify({ statusCode: '413', message: 'The object exceeded the maximum allowed size (2 MB in bucket b).' }))
    await expect(upload()).rejects.toMatchObject({ code: 413, message: 'The object exceeded the maximum allowed size (2 MB in bucket b).' })
    answering(402, JSON.stringify({ message: 'The organization is restricted.', hint: 'Upgrade.' }))
    await expect(upload()).rejects.toMatchObject({ code: 402, message: 'The organization is restricted. Upgrade.' })
  })
})
