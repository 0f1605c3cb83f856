/**
 * Object bytes in an S3-compatible store (AWS S3, MinIO, R2, …): one bucket of the operator's,
 * keys `{prefix}{ref}/{version}`. A write streams in parts (@aws-sdk/lib-storage) and exists only
 * once its upload completes, which S3 makes atomic: a broken or refused upload is aborted and
 * leaves nothing under the key. The ETag is the MD5 of the bytes, counted as they pass (S3's own
 * is not one for an upload in parts).
 */
import type { Readable } from 'node:stream'
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { assertStorageKey, assertStoragePrefix } from './keys'
import { countedBytes } from './counted'
import type { ByteRange, StorageBackend, WrittenObject } from './types'

export type S3BackendConfig = {
  bucket: string
  /** Where the store answers; unset for AWS itself. */
  endpoint?: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO and most others). */
  forcePathStyle: boolean
  /** Put before every key, so one bucket can hold other things too (e.g. `supaboard/`). */
  prefix: string
}

/** The parts of an upload: S3's least but the last, and how many are sent at once. */
const PART_BYTES = 8 * 1024 * 1024
const PARTS_AT_ONCE = 2
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)

export class S3Backend implements StorageBackend {
  readonly kind = 's3'
  private readonly client: S3Client

  constructor(private readonly config: S3BackendConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Only what S3 itself asks for: stores other than AWS may not know the newer checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  private keyOf(key: string): string {
    return `${this.config.prefix}${assertStorageKey(key)}`
  }

  async write(key: string, body: Readable, { maxBytes, contentType }: { maxBytes: number; contentType: string }): Promise<WrittenObject> {
    const counted = countedBytes(maxBytes)
    const failed = new Promise<never>((_, reject) => {
      body.once('error', reject)
      counted.stream.once('error', reject)
    })
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: this.keyOf(key), Body: body.pipe(counted.stream), ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    })
    try {
      await Promise.race([upload.done(), failed])
    } catch (error) {
      // A body that broke or went past its limit: the upload in parts is aborted, nothing is kept.
      await upload.abort().catch(() => undefined)
      body.destroy()
      throw error
    }
    return counted.written()
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined })
      )
      return answer.Body as Readable
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }))
      return head.ContentLength ?? 0
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const source = `${this.config.bucket}/${this.keyOf(from)}`.split('/').map(encodeURIComponent).join('/')
    await this.client.send(new CopyObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(to), CopySource: source }))
  }

  async remove(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: this.keyOf(key) }))
      if (batch.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: batch, Quiet: true } }))
    }
  }

  async removePrefix(prefix: string): Promise<void> {
    const full = `${this.config.prefix}${assertStoragePrefix(prefix)}`
    let token: string | undefined
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: full, ContinuationToken: token }))
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []))
      if (keys.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: keys, Quiet: true } }))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  async close(): Promise<void> {
    this.client.destroy()
  }
}

