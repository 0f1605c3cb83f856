/**
 * Errors of the S3 protocol, answered as S3 answers them: an XML `<Error>` with a code S3 clients
 * know (`NoSuchKey`, `SignatureDoesNotMatch`, …) and the HTTP status S3 gives it. A storage error
 * of the endpoints underneath is answered by its S3 counterpart.
 */
import type { StorageError } from '../errors'

export class S3Error extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

export const isS3Error = (error: unknown): error is S3Error => error instanceof S3Error

export const accessDenied = (message = 'Access Denied') => new S3Error('AccessDenied', message, 403)
export const signatureMismatch = () =>
  new S3Error('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.', 403)
export const requestTimeTooSkewed = () => new S3Error('RequestTimeTooSkewed', "The difference between the request time and the platform's time is too large (15 minutes at most): check the client's clock.", 403)
export const invalidAccessKey = () => new S3Error('InvalidAccessKeyId', 'The access key ID you provided does not exist in this project: create one on Project settings → Storage.', 403)
export const malformedAuthorization = (message: string) => new S3Error('AuthorizationHeaderMalformed', message, 400)
export const invalidArgument = (message: string) => new S3Error('InvalidArgument', message, 400)
export const malformedXml = () => new S3Error('MalformedXML', 'The XML you provided was not well-formed or did not validate against the published schema.', 400)
export const noSuchUpload = () => new S3Error('NoSuchUpload', 'The specified multipart upload does not exist: it was completed, aborted, or it expired.', 404)
export const notImplemented = (what: string) => new S3Error('NotImplemented', `${what} is not offered by this S3 endpoint.`, 501)
export const contentHashMismatch = () => new S3Error('XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.", 400)
export const incompleteBody = () => new S3Error('IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.', 400)

/** S3's code and status for a storage error of the endpoints the protocol runs on. */
const CODES: Record<string, [string, number]> = {
  NoSuchBucket: ['NoSuchBucket', 404],
  NoSuchKey: ['NoSuchKey', 404],
  BucketAlreadyExists: ['BucketAlreadyOwnedByYou', 409],
  KeyAlreadyExists: ['KeyAlreadyExists', 409],
  ResourceAlreadyExists: ['KeyAlreadyExists', 409],
  ResourceNotEmpty: ['BucketNotEmpty', 409],
  AccessDenied: ['AccessDenied', 403],
  InvalidJWT: ['InvalidToken', 400],
  ExpiredToken: ['ExpiredToken', 400],
  InvalidBucketName: ['InvalidBucketName', 400],
  InvalidKey: ['InvalidKey', 400],
  EntityTooLarge: ['EntityTooLarge', 400],
  InvalidMimeType: ['InvalidArgument', 400],
  InvalidRange: ['InvalidRange', 416],
  RequestTimeout: ['RequestTimeout', 400],
  TooManyRequests: ['SlowDown', 503],
  ReadOnly: ['AccessDenied', 403],
  DatabaseTimeout: ['ServiceUnavailable', 503],
}

export function fromStorageError(error: StorageError): S3Error {
  const [code, status] = CODES[error.code] ?? ['InvalidRequest', error.httpStatus >= 500 ? error.httpStatus : 400]
  return new S3Error(code, error.message, status)
}

const escape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The answer body of an error (none for HEAD, as S3 sends). */
export function errorXml(error: S3Error, resource: string, requestId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escape(error.code)}</Code><Message>${escape(error.message)}</Message><Resource>${escape(resource)}</Resource><RequestId>${escape(requestId)}</RequestId></Error>`
}
