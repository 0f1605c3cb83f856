/**
 * Signature Version 4 against the examples AWS publishes for S3 (secret
 * wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY, 24 May 2013): a signed header, a presigned URL, and a
 * body in signed chunks, each chunk's signature chained from the one before.
 */
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { dechunked } from './body'
import { readSignature, verifySignature, type SignedRequest } from './sigv4'

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
const SIGNED_AT = Date.parse('2013-05-24T00:00:00Z')
const EMPTY_SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

const getObject = (signature: string): SignedRequest => ({
  method: 'GET',
  rawPath: '/test.txt',
  rawQuery: '',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_SHA,
    'x-amz-date': '20130524T000000Z',
    authorization: `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=${signature}`,
  },
})

describe('a signed header', () => {
  it('is read and verified as AWS signs it', () => {
    const request = getObject('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')
    const sig = readSignature(request)!
    expect(sig).toMatchObject({ accessKeyId: 'AKIAIOSFODNN7EXAMPLE', region: 'us-east-1', signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'], presigned: false })
    expect(() => verifySignature(request, sig, SECRET, SIGNED_AT)).not.toThrow()
  })

  it('is refused when one signed thing differs, or the clock is more than 15 minutes away', () => {
    const request = getObject('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')
    const sig = readSignature(request)!
    expect(() => verifySignature({ ...request, headers: { ...request.headers, range: 'bytes=0-10' } }, sig, SECRET, SIGNED_AT)).toThrow(/does not match/)
    expect(() => verifySignature({ ...request, rawPath: '/test2.txt' }, sig, SECRET, SIGNED_AT)).toThrow(/does not match/)
    expect(() => verifySignature(request, sig, `${SECRET}x`, SIGNED_AT)).toThrow(/does not match/)
    expect(() => verifySignature(request, sig, SECRET, SIGNED_AT + 16 * 60_000)).toThrow(/too large/)
    expect(() => verifySignature(request, sig, SECRET, SIGNED_AT + 14 * 60_000)).not.toThrow()
  })

  it('must name a date, a credential of s3 and the host among its headers', () => {
    const request = getObject('x')
    expect(() => readSignature({ ...request, headers: { ...request.headers, authorization: 'AWS AKID:sig' } })).toThrow(/Signature Version 4/)
    expect(() => readSignature({ ...request, headers: { ...request.headers, 'x-amz-date': undefined } })).toThrow(/X-Amz-Date/)
    const wrongService = String(request.headers.authorization).replace('/s3/', '/iam/')
    expect(() => readSignature({ ...request, headers: { ...request.headers, authorization: wrongService } })).toThrow(/Credential/)
    const noHost = String(request.headers.authorization).replace('SignedHeaders=host;', 'SignedHeaders=')
    const sig = readSignature({ ...request, headers: { ...request.headers, authorization: noHost } })!
    expect(() => verifySignature(request, sig, SECRET, SIGNED_AT)).toThrow(/host/)
  })
})

describe('a presigned URL', () => {
  const presigned = (expires = '86400'): SignedRequest => ({
    method: 'GET',
    rawPath: '/test.txt',
    rawQuery: `X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=${expires}&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404`,
    headers: { host: 'examplebucket.s3.amazonaws.com' },
  })

  it('is verified until it expires', () => {
    const sig = readSignature(presigned())!
    expect(sig).toMatchObject({ presigned: true, expiresSeconds: 86400, payloadHash: 'UNSIGNED-PAYLOAD' })
    expect(() => verifySignature(presigned(), sig, SECRET, SIGNED_AT + 3600_000)).not.toThrow()
    expect(() => verifySignature(presigned(), sig, SECRET, SIGNED_AT + 86401_000)).toThrow(/expired/)
  })

  it('is refused with a longer life than it was signed for, or past seven days', () => {
    expect(() => verifySignature(presigned('86401'), readSignature(presigned('86401'))!, SECRET, SIGNED_AT)).toThrow(/does not match/)
    expect(() => readSignature(presigned('604801'))).toThrow(/X-Amz-Expires/)
  })
})

describe('a body in signed chunks', () => {
  const request: SignedRequest = {
    method: 'PUT',
    rawPath: '/examplebucket/chunkObject.txt',
    rawQuery: '',
    headers: {
      host: 's3.amazonaws.com',
      'x-amz-date': '20130524T000000Z',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
      'content-encoding': 'aws-chunked',
      'x-amz-decoded-content-length': '66560',
      'content-length': '66824',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=content-encoding;content-length;host;x-amz-content-sha256;x-amz-date;x-amz-decoded-content-length;x-amz-storage-class,Signature=4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
    },
  }
  const chunks = [
    `10000;chunk-signature=ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648\r\n${'a'.repeat(65536)}\r\n`,
    `400;chunk-signature=0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497\r\n${'a'.repeat(1024)}\r\n`,
    '0;chunk-signature=b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9\r\n\r\n',
  ]
  const decode = async (body: string, pieces = 7) => {
    const sig = readSignature(request)!
    const key = verifySignature(request, sig, SECRET, SIGNED_AT)
    const size = Math.ceil(body.length / pieces)
    const parts = Array.from({ length: pieces }, (_, i) => Buffer.from(body.slice(i * size, (i + 1) * size), 'latin1'))
    const out: Buffer[] = []
    for await (const chunk of Readable.from(parts).pipe(dechunked({ signing: { key, sig }, decodedLength: 66560 }))) out.push(chunk as Buffer)
    return Buffer.concat(out).toString('latin1')
  }

  it('gives its bytes when every chunk is signed in turn, however the body arrives', async () => {
    expect(await decode(chunks.join(''))).toBe('a'.repeat(66560))
    expect(await decode(chunks.join(''), 300)).toBe('a'.repeat(66560))
  })

  it('fails on a changed chunk, chunks in another order, or a body cut short', async () => {
    await expect(decode(chunks.join('').replace(/a\r\n400/, 'b\r\n400'))).rejects.toThrow(/does not match/)
    await expect(decode([chunks[1], chunks[0], chunks[2]].join(''))).rejects.toThrow(/does not match/)
    await expect(decode(chunks.slice(0, 2).join(''))).rejects.toThrow(/number of bytes/)
  })
})

it('decodes an unsigned aws-chunked body with its trailer, and checks the announced length', async () => {
  const body = '5\r\nhello\r\n5\r\nworld\r\n0\r\nx-amz-checksum-crc32:+esgrQ==\r\n\r\n'
  const run = async (decodedLength: number) => {
    const out: Buffer[] = []
    for await (const chunk of Readable.from([Buffer.from(body)]).pipe(dechunked({ signing: null, decodedLength }))) out.push(chunk as Buffer)
    return Buffer.concat(out).toString()
  }
  expect(await run(10)).toBe('helloworld')
  await expect(run(11)).rejects.toThrow(/number of bytes/)
})

it('refuses a body that goes on past its announced length, or past a few trailing headers', async () => {
  const run = async (body: string, decodedLength: number | null) => {
    const out: Buffer[] = []
    for await (const chunk of Readable.from([Buffer.from(body)]).pipe(dechunked({ signing: null, decodedLength }))) out.push(chunk as Buffer)
    return Buffer.concat(out).toString()
  }
  await expect(run('5\r\nhello\r\n5\r\nworld\r\n0\r\n\r\n', 5)).rejects.toThrow(/number of bytes/)
  const flood = `0\r\n${'x-a:b\r\n'.repeat(1000)}\r\n`
  await expect(run(flood, 0)).rejects.toThrow(/trailing headers/)
})
