/**
 * The storage service's error catalogue, answered as storage-js reads it:
 * `{ statusCode, error, message, code }`, where `statusCode` is the status the error stands for
 * (a string) and the HTTP status is 400 for every client error, as Supabase's storage server
 * answers (500 for its own failures, 416 for a range, 403 for a role a route refuses).
 */
export class StorageError extends Error {
  constructor(
    /** What the error stands for: "404", "409", … */
    readonly statusCode: string,
    readonly error: string,
    readonly code: string,
    message: string,
    /** The HTTP status; 400 unless said otherwise. */
    readonly httpStatus = 400,
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
  }

  get body() {
    return { statusCode: this.statusCode, error: this.error, message: this.message, code: this.code }
  }
}

export const isStorageError = (error: unknown): error is StorageError => error instanceof StorageError

export const noSuchBucket = () => new StorageError('404', 'Bucket not found', 'NoSuchBucket', 'Bucket not found')
export const noSuchKey = () => new StorageError('404', 'not_found', 'NoSuchKey', 'Object not found')
export const bytesMissing = () => new StorageError('404', 'Not found', 'NoSuchKey', 'The resource was not found', 400, { 'Cache-Control': 'no-store' })
export const bucketExists = () => new StorageError('409', 'Duplicate', 'BucketAlreadyExists', 'The resource already exists')
export const keyExists = () => new StorageError('409', 'Duplicate', 'KeyAlreadyExists', 'The resource already exists')
export const resourceExists = () => new StorageError('409', 'Duplicate', 'ResourceAlreadyExists', 'The resource already exists')
export const bucketNotEmpty = () => new StorageError('409', 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty')
export const accessDenied = (message = 'Access denied') => new StorageError('403', 'Unauthorized', 'AccessDenied', message)
export const roleRefused = (message: string) => new StorageError('403', 'Unauthorized', 'AccessDenied', message, 403)
export const invalidJwt = (message: string) => new StorageError('400', 'InvalidJWT', 'InvalidJWT', message)
export const invalidSignature = (message = 'Invalid signature') => new StorageError('400', 'InvalidSignature', 'InvalidSignature', message)
export const expiredToken = () => new StorageError('400', 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.')
export const invalidBucketName = () => new StorageError('400', 'Invalid Input', 'InvalidBucketName', 'Bucket name invalid')
export const invalidKey = (key: string) => new StorageError('400', 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`)
export const invalidRequest = (message: string) => new StorageError('400', 'InvalidRequest', 'InvalidRequest', message)
export const invalidParameter = (name: string) => new StorageError('400', 'InvalidParameter', 'InvalidParameter', `Invalid Parameter ${name}`)
export const invalidMimeType = (type: string) => new StorageError('415', 'invalid_mime_type', 'InvalidMimeType', `mime type ${type} is not supported`)
export const invalidRange = () => new StorageError('416', 'invalid_range', 'InvalidRange', 'invalid range provided', 416)
export const notFoundRoute = (method: string, path: string) => new StorageError('404', 'Not Found', 'InvalidRequest', `Route ${method}:${path} not found`, 404)

/** Past the object size a bucket, the plan or the platform allows; the sentence names the limit. */
export const tooLarge = (limit: string) => new StorageError('413', 'Payload too large', 'EntityTooLarge', `The object exceeded the maximum allowed size (${limit}).`)

/** A PostgreSQL error of a storage statement, as storage-js's callers know it; null when it is not one of these. */
export function fromDatabase(error: unknown, { duplicate = resourceExists }: { duplicate?: () => StorageError } = {}): StorageError | null {
  const pg = error as { code?: unknown; message?: unknown }
  if (typeof pg?.code !== 'string') return null
  if (pg.code === '23505') return duplicate()
  if (pg.code === '42501') return accessDenied(typeof pg.message === 'string' ? pg.message : 'Access denied')
  if (pg.code === '23503') return new StorageError('409', 'ResourceReferenced', 'ResourceReferenced', 'The resource could not be updated or removed due to a foreign key constraint')
  if (pg.code === '57014') return new StorageError('544', 'DatabaseTimeout', 'DatabaseTimeout', 'The connection to the database timed out', 544)
  if (pg.code === '25006') return new StorageError('409', 'ReadOnly', 'ReadOnly', "This project is in read-only mode: its storage serves downloads, and takes no uploads or changes until it is back under its plan's size.")
  return null
}
