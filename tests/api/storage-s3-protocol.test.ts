// @vitest-environment node
/**
 * A project's storage through the S3 protocol, as @aws-sdk/client-s3 speaks it: access keys made
 * and revoked from Project settings → Storage, buckets, objects whole, streamed (aws-chunked) and
 * by range, copies, listings with folders and pages, multipart uploads (lib-storage), presigned
 * URLs, a user's token as session token under the bucket's policies; and the refusals: a wrong
 * secret, a revoked key, another project's key, a changed body, a clock off by an hour.
 */
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketLocationCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPolicySql } from '@/lib/auth-policies/policy-sql'
import { STORAGE_POLICY_TEMPLATES } from '@/lib/storage/policy-templates'
import { appClient } from '../helpers/supabase-client'
import { activeProject, memberOf, ownerWithOrg, rowsOf } from '../helpers/project-backends'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
let owner: string
let ref: string
let otherRef: string
let endpoint: string
let keys: { anon_key: string; service_role_key: string }
let key: { id: string; access_key_id: string; secret_access_key: string }
let s3: S3Client
const clients: S3Client[] = []

function client(credentials: S3ClientConfig['credentials'], extra: Partial<S3ClientConfig> = {}): S3Client {
  // A request never answered fails within a minute, named, instead of holding the test to its timeout.
  const made = new S3Client({ endpoint, region: 'local', forcePathStyle: true, credentials, maxAttempts: 1, requestHandler: { requestTimeout: 60_000 }, ...extra })
  clients.push(made)
  return made
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ name: 'no error', status: 0, message: '' }),
    (error: { name: string; message: string; $metadata?: { httpStatusCode?: number } }) => ({ name: error.name, status: error.$metadata?.httpStatusCode, message: error.message })
  )

const bytesOf = async (body: unknown) => Buffer.from(await (body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray())

beforeAll(async () => {
  tp = await startTestPlatform()
  const created = await ownerWithOrg(tp, 'S3 Protocol Org')
  owner = created.token
  ref = await activeProject(tp, owner, created.org.slug)
  otherRef = await activeProject(tp, owner, created.org.slug)
  keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
  expect((await tp.call('PATCH', `/platform/auth/${ref}/config`, { token: owner, body: { mailer_autoconfirm: true } })).status).toBe(200)
  const made = await tp.call('POST', `/platform/storage/${ref}/s3/access-keys`, { token: owner, body: { description: 'backups' } })
  expect(made.status).toBe(201)
  key = made.body
  const connection = (await tp.call('GET', `/platform/storage/${ref}/s3`, { token: owner })).body
  endpoint = connection.endpoint
  s3 = client({ accessKeyId: key.access_key_id, secretAccessKey: key.secret_access_key })
})
afterAll(async () => {
  for (const c of clients) c.destroy()
  await tp?.close()
})

it('makes an access key on Project settings → Storage, shows its secret once, lists it, and a Read-only member cannot make one', async () => {
  expect(key).toMatchObject({ description: 'backups', access_key_id: expect.stringMatching(/^[0-9a-f]{32}$/), secret_access_key: expect.stringMatching(/^[0-9a-f]{64}$/) })
  const connection = (await tp.call('GET', `/platform/storage/${ref}/s3`, { token: owner })).body
  expect(connection.endpoint).toBe(`${tp.url}/p/${ref}/storage/v1/s3`)
  expect(connection.keys).toEqual([{ id: key.id, description: 'backups', access_key_id: key.access_key_id, created_at: expect.any(String) }])
  expect(JSON.stringify(connection)).not.toContain(key.secret_access_key)
  const [org] = (await tp.call('GET', '/platform/organizations', { token: owner })).body
  const reader = await memberOf(tp, org.id, 'Read-only')
  expect((await tp.call('POST', `/platform/storage/${ref}/s3/access-keys`, { token: reader, body: { description: 'x' } })).status).toBe(403)
  expect((await tp.call('GET', `/platform/storage/${ref}/s3`, { token: reader })).body.keys).toHaveLength(1)
  expect((await tp.call('POST', `/platform/storage/${ref}/s3/access-keys`, { token: owner, body: { description: ' ' } })).status).toBe(400)
})

it('creates, finds, lists and deletes buckets', async () => {
  await s3.send(new CreateBucketCommand({ Bucket: 'files' }))
  expect((await failure(s3.send(new CreateBucketCommand({ Bucket: 'files' })))).name).toBe('BucketAlreadyOwnedByYou')
  expect((await s3.send(new HeadBucketCommand({ Bucket: 'files' }))).$metadata.httpStatusCode).toBe(200)
  expect((await failure(s3.send(new HeadBucketCommand({ Bucket: 'nothing' })))).status).toBe(404)
  expect((await s3.send(new GetBucketLocationCommand({ Bucket: 'files' }))).LocationConstraint).toBe((await tp.call('GET', `/platform/storage/${ref}/s3`, { token: owner })).body.region)
  expect((await s3.send(new GetBucketVersioningCommand({ Bucket: 'files' }))).Status).toBeUndefined()
  const listed = await s3.send(new ListBucketsCommand({}))
  expect(listed.Buckets?.map((b) => b.Name)).toEqual(['files'])
  await s3.send(new CreateBucketCommand({ Bucket: 'brief' }))
  await s3.send(new DeleteBucketCommand({ Bucket: 'brief' }))
  expect((await s3.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual(['files'])
  // The dashboard sees what S3 made.
  expect((await tp.call('GET', `/platform/storage/${ref}/buckets`, { token: owner })).body.map((b: { name: string }) => b.name)).toEqual(['files'])
})

it('puts objects whole and streamed, gets them whole and by range, with their type and metadata', async () => {
  const put = await s3.send(new PutObjectCommand({ Bucket: 'files', Key: 'docs/a b.txt', Body: 'hello, S3', ContentType: 'text/plain', Metadata: { kind: 'note' } }))
  expect(put.ETag).toBe(`"${createHash('md5').update('hello, S3').digest('hex')}"`)
  const got = await s3.send(new GetObjectCommand({ Bucket: 'files', Key: 'docs/a b.txt' }))
  expect({ type: got.ContentType, length: got.ContentLength, etag: got.ETag, metadata: got.Metadata }).toEqual({ type: 'text/plain', length: 9, etag: put.ETag, metadata: { kind: 'note' } })
  expect((await bytesOf(got.Body)).toString()).toBe('hello, S3')
  const range = await s3.send(new GetObjectCommand({ Bucket: 'files', Key: 'docs/a b.txt', Range: 'bytes=7-8' }))
  expect((await bytesOf(range.Body)).toString()).toBe('S3')
  expect(range.ContentRange).toBe('bytes 7-8/9')

  // A stream of unknown hash goes aws-chunked, with a checksum in its trailer.
  const big = Buffer.alloc(300_000, 7)
  await s3.send(new PutObjectCommand({ Bucket: 'files', Key: 'docs/stream.bin', Body: Readable.from([big.subarray(0, 100_000), big.subarray(100_000)]), ContentLength: big.length }))
  const head = await s3.send(new HeadObjectCommand({ Bucket: 'files', Key: 'docs/stream.bin' }))
  expect(head.ContentLength).toBe(big.length)
  expect((await bytesOf((await s3.send(new GetObjectCommand({ Bucket: 'files', Key: 'docs/stream.bin' }))).Body)).equals(big)).toBe(true)

  expect((await failure(s3.send(new GetObjectCommand({ Bucket: 'files', Key: 'docs/none.txt' })))).name).toBe('NoSuchKey')
  expect((await failure(s3.send(new HeadObjectCommand({ Bucket: 'files', Key: 'docs/none.txt' })))).status).toBe(404)
  expect((await failure(s3.send(new PutObjectCommand({ Bucket: 'nothing', Key: 'a.txt', Body: 'x' })))).name).toBe('NoSuchBucket')
})

it('copies, lists with folders and pages, and deletes one and many', async () => {
  const copied = await s3.send(new CopyObjectCommand({ Bucket: 'files', Key: 'copies/a.txt', CopySource: encodeURIComponent('files/docs/a b.txt') }))
  expect(copied.CopyObjectResult?.ETag).toBe(`"${createHash('md5').update('hello, S3').digest('hex')}"`)
  for (const name of ['top-1.txt', 'top-2.txt', 'top-3.txt']) await s3.send(new PutObjectCommand({ Bucket: 'files', Key: name, Body: name }))

  const folders = await s3.send(new ListObjectsV2Command({ Bucket: 'files', Delimiter: '/' }))
  expect(folders.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['copies/', 'docs/'])
  expect(folders.Contents?.map((o) => [o.Key, o.Size])).toEqual([
    ['top-1.txt', 9],
    ['top-2.txt', 9],
    ['top-3.txt', 9],
  ])
  expect((await s3.send(new ListObjectsV2Command({ Bucket: 'files', Prefix: 'docs/' }))).Contents?.map((o) => o.Key)).toEqual(['docs/a b.txt', 'docs/stream.bin'])

  const seen: string[] = []
  let token: string | undefined
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: 'files', MaxKeys: 2, ContinuationToken: token }))
    seen.push(...(page.Contents ?? []).map((o) => o.Key!))
    token = page.NextContinuationToken
    if (token) expect(page.IsTruncated).toBe(true)
  } while (token)
  expect(seen).toEqual(['copies/a.txt', 'docs/a b.txt', 'docs/stream.bin', 'top-1.txt', 'top-2.txt', 'top-3.txt'])

  await s3.send(new DeleteObjectCommand({ Bucket: 'files', Key: 'top-1.txt' }))
  await s3.send(new DeleteObjectCommand({ Bucket: 'files', Key: 'top-1.txt' }))
  const removed = await s3.send(new DeleteObjectsCommand({ Bucket: 'files', Delete: { Objects: [{ Key: 'top-2.txt' }, { Key: 'top-3.txt' }] } }))
  expect(removed.Deleted?.map((d) => d.Key)).toEqual(['top-2.txt', 'top-3.txt'])
  expect((await s3.send(new ListObjectsV2Command({ Bucket: 'files', Delimiter: '/' }))).Contents ?? []).toEqual([])
  expect((await failure(s3.send(new DeleteBucketCommand({ Bucket: 'files' })))).name).toBe('BucketNotEmpty')
})

it('uploads in parts (lib-storage), lists parts, refuses a small middle part, and aborts', async () => {
  const body = Buffer.alloc(12 * 1024 * 1024)
  for (let i = 0; i < body.length; i += 4096) body.writeUInt32BE(i, i)
  const upload = new Upload({ client: s3, params: { Bucket: 'files', Key: 'big/parts.bin', Body: body, ContentType: 'application/x-test' }, partSize: 5 * 1024 * 1024, queueSize: 2 })
  await upload.done()
  const got = await s3.send(new GetObjectCommand({ Bucket: 'files', Key: 'big/parts.bin' }))
  expect(got.ContentType).toBe('application/x-test')
  expect(createHash('sha256').update(await bytesOf(got.Body)).digest('hex')).toBe(createHash('sha256').update(body).digest('hex'))

  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'files', Key: 'big/small.bin' }))
  const one = await s3.send(new UploadPartCommand({ Bucket: 'files', Key: 'big/small.bin', UploadId, PartNumber: 1, Body: Buffer.alloc(1000, 1) }))
  const two = await s3.send(new UploadPartCommand({ Bucket: 'files', Key: 'big/small.bin', UploadId, PartNumber: 2, Body: Buffer.alloc(1000, 2) }))
  expect((await s3.send(new ListPartsCommand({ Bucket: 'files', Key: 'big/small.bin', UploadId }))).Parts?.map((p) => [p.PartNumber, p.Size])).toEqual([
    [1, 1000],
    [2, 1000],
  ])
  const parts = [
    { PartNumber: 1, ETag: one.ETag },
    { PartNumber: 2, ETag: two.ETag },
  ]
  expect((await failure(s3.send(new CompleteMultipartUploadCommand({ Bucket: 'files', Key: 'big/small.bin', UploadId, MultipartUpload: { Parts: parts } })))).name).toBe('EntityTooSmall')
  expect((await failure(s3.send(new CompleteMultipartUploadCommand({ Bucket: 'files', Key: 'big/small.bin', UploadId, MultipartUpload: { Parts: [{ PartNumber: 2, ETag: one.ETag }] } })))).name).toBe('InvalidPart')
  // One part alone may be small: it is the last.
  await s3.send(new CompleteMultipartUploadCommand({ Bucket: 'files', Key: 'big/small.bin', UploadId, MultipartUpload: { Parts: [parts[0]] } }))
  expect((await bytesOf((await s3.send(new GetObjectCommand({ Bucket: 'files', Key: 'big/small.bin' }))).Body)).equals(Buffer.alloc(1000, 1))).toBe(true)
  expect((await failure(s3.send(new UploadPartCommand({ Bucket: 'files', Key: 'big/small.bin', UploadId, PartNumber: 3, Body: 'late' })))).name).toBe('NoSuchUpload')

  const aborted = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'files', Key: 'big/aborted.bin' }))
  await s3.send(new UploadPartCommand({ Bucket: 'files', Key: 'big/aborted.bin', UploadId: aborted.UploadId, PartNumber: 1, Body: 'bytes' }))
  await s3.send(new AbortMultipartUploadCommand({ Bucket: 'files', Key: 'big/aborted.bin', UploadId: aborted.UploadId }))
  expect((await failure(s3.send(new ListPartsCommand({ Bucket: 'files', Key: 'big/aborted.bin', UploadId: aborted.UploadId })))).name).toBe('NoSuchUpload')
  // No part's bytes are left counted: what the ledger holds is what the objects hold.
  const [ledger] = await tp.platform.db.query<{ n: string }>('select count(*) as n from storage_versions where project_ref = $1', [ref])
  const [objects] = await rowsOf(tp, owner, ref, `select count(*)::int as n from storage.objects`)
  expect(Number(ledger.n)).toBe(objects.n)
})

it('serves a presigned URL until it expires, to a client with no key', async () => {
  const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'files', Key: 'docs/a b.txt' }), { expiresIn: 60 })
  const res = await fetch(url)
  expect(res.status).toBe(200)
  expect(await res.text()).toBe('hello, S3')
  const tampered = url.replace('a%20b.txt', 'stream.bin')
  expect((await fetch(tampered)).status).toBe(403)
  const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'files', Key: 'docs/presigned.txt' }), { expiresIn: 60 })
  expect((await fetch(put, { method: 'PUT', body: 'put by URL' })).status).toBe(200)
  expect((await bytesOf((await s3.send(new GetObjectCommand({ Bucket: 'files', Key: 'docs/presigned.txt' }))).Body)).toString()).toBe('put by URL')
})

it("acts as a user with the user's token as session token, under the bucket's policies", async () => {
  const policies = ['own-folder-insert', 'own-folder-read', 'own-folder-update']
    .map((id) => createPolicySql({ schema: 'storage', name: 'objects' }, STORAGE_POLICY_TEMPLATES.find((t) => t.id === id)!.draft('files')))
    .join('\n')
  await rowsOf(tp, owner, ref, policies)
  const app = appClient(`${tp.url}/p/${ref}`, keys.anon_key)
  const { data } = await app.auth.signUp({ email: `s3-${Date.now()}@example.com`, password: 'a fine long password' })
  const userId = data.user!.id
  const asUser = client({ accessKeyId: ref, secretAccessKey: keys.anon_key, sessionToken: data.session!.access_token })
  await asUser.send(new PutObjectCommand({ Bucket: 'files', Key: `${userId}/mine.txt`, Body: 'mine' }))
  expect((await bytesOf((await asUser.send(new GetObjectCommand({ Bucket: 'files', Key: `${userId}/mine.txt` }))).Body)).toString()).toBe('mine')
  expect((await failure(asUser.send(new PutObjectCommand({ Bucket: 'files', Key: 'docs/theirs.txt', Body: 'no' })))).name).toBe('AccessDenied')
  // Rows its policies hide are not there for it.
  expect((await failure(asUser.send(new GetObjectCommand({ Bucket: 'files', Key: 'docs/a b.txt' })))).name).toBe('NoSuchKey')
  expect((await asUser.send(new ListObjectsV2Command({ Bucket: 'files' }))).Contents?.map((o) => o.Key)).toEqual([`${userId}/mine.txt`])
  const [row] = await rowsOf(tp, owner, ref, `select owner_id from storage.objects where name = '${userId}/mine.txt'`)
  expect(row.owner_id).toBe(userId)
  // The anon key as secret with a token of no user, or another project's ref, signs nothing.
  expect((await failure(client({ accessKeyId: otherRef, secretAccessKey: keys.anon_key, sessionToken: data.session!.access_token }).send(new ListBucketsCommand({})))).name).toBe('InvalidAccessKeyId')
})

it('takes the bucket and key from the path that was signed, and a presigned PUT stays a PUT of its key', async () => {
  await s3.send(new CreateBucketCommand({ Bucket: 'secret' }))
  await s3.send(new PutObjectCommand({ Bucket: 'secret', Key: 'private.txt', Body: 'top secret' }))
  // `..` parts are a name in the bucket signed for, never a way into another bucket.
  await s3.send(new PutObjectCommand({ Bucket: 'files', Key: 'u/../../secret/evil.txt', Body: 'evil' }))
  expect((await s3.send(new ListObjectsV2Command({ Bucket: 'secret' }))).Contents?.map((o) => o.Key)).toEqual(['private.txt'])
  expect((await bytesOf((await s3.send(new GetObjectCommand({ Bucket: 'files', Key: 'u/../../secret/evil.txt' }))).Body)).toString()).toBe('evil')

  // A presigned upload URL, sent with a copy source it was not signed with: refused, nothing copied.
  const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'files', Key: 'uploads/avatar.png' }), { expiresIn: 60 })
  const copied = await fetch(put, { method: 'PUT', headers: { 'x-amz-copy-source': 'secret/private.txt' } })
  expect(copied.status).toBe(403)
  expect(await copied.text()).toContain('The header x-amz-copy-source must be signed.')
  expect((await failure(s3.send(new HeadObjectCommand({ Bucket: 'files', Key: 'uploads/avatar.png' })))).status).toBe(404)
  await s3.send(new DeleteObjectCommand({ Bucket: 'secret', Key: 'private.txt' }))
  await s3.send(new DeleteBucketCommand({ Bucket: 'secret' }))
})

it("lets no user, and no one with only the anon key, go on with a multipart upload that is not theirs", async () => {
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'files', Key: 'big/service.bin' }))
  const anon = client({ accessKeyId: ref, secretAccessKey: keys.anon_key, sessionToken: keys.anon_key })
  expect((await failure(anon.send(new UploadPartCommand({ Bucket: 'files', Key: 'big/service.bin', UploadId, PartNumber: 1, Body: 'x' })))).name).toBe('NoSuchUpload')
  expect((await failure(anon.send(new AbortMultipartUploadCommand({ Bucket: 'files', Key: 'big/service.bin', UploadId })))).name).toBe('NoSuchUpload')
  expect((await failure(anon.send(new ListPartsCommand({ Bucket: 'files', Key: 'big/service.bin', UploadId })))).name).toBe('NoSuchUpload')
  await s3.send(new AbortMultipartUploadCommand({ Bucket: 'files', Key: 'big/service.bin', UploadId }))
})

it('refuses a wrong secret, another project’s key, a revoked key, a changed body and a clock an hour off', async () => {
  expect((await failure(client({ accessKeyId: key.access_key_id, secretAccessKey: 'f'.repeat(64) }).send(new ListBucketsCommand({})))).name).toBe('SignatureDoesNotMatch')
  const other = (await tp.call('POST', `/platform/storage/${otherRef}/s3/access-keys`, { token: owner, body: { description: 'other' } })).body
  expect((await failure(client({ accessKeyId: other.access_key_id, secretAccessKey: other.secret_access_key }).send(new ListBucketsCommand({})))).name).toBe('InvalidAccessKeyId')
  expect((await failure(client({ accessKeyId: key.access_key_id, secretAccessKey: key.secret_access_key }, { systemClockOffset: -3600_000 }).send(new ListBucketsCommand({})))).name).toBe('RequestTimeTooSkewed')
  const anonymous = await fetch(`${endpoint}/files/docs/a%20b.txt`)
  expect(anonymous.status).toBe(403)
  expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>')

  // A body other than the one signed: its hash is checked as it arrives, and nothing is stored.
  const changing = client({ accessKeyId: key.access_key_id, secretAccessKey: key.secret_access_key })
  changing.middlewareStack.add((next) => async (args) => {
    const request = args.request as { body?: unknown }
    request.body = 'changed'
    return next(args)
  }, { step: 'finalizeRequest', priority: 'low', name: 'changeBody' })
  expect((await failure(changing.send(new PutObjectCommand({ Bucket: 'files', Key: 'docs/changed.txt', Body: 'changes' })))).name).toBe('XAmzContentSHA256Mismatch')
  expect((await failure(s3.send(new HeadObjectCommand({ Bucket: 'files', Key: 'docs/changed.txt' })))).status).toBe(404)

  // A header added to a signed request (a body encoding that would skip the hash check) is refused.
  const encoding = client({ accessKeyId: key.access_key_id, secretAccessKey: key.secret_access_key })
  encoding.middlewareStack.add((next) => async (args) => {
    ;(args.request as { headers: Record<string, string> }).headers['content-encoding'] = 'aws-chunked'
    return next(args)
  }, { step: 'finalizeRequest', priority: 'low', name: 'addEncoding' })
  expect(await failure(encoding.send(new PutObjectCommand({ Bucket: 'files', Key: 'docs/encoded.txt', Body: '4\r\nEVIL\r\n0\r\n\r\n' })))).toMatchObject({ name: 'AccessDenied', message: 'The header content-encoding must be signed.' })

  expect((await tp.call('DELETE', `/platform/storage/${ref}/s3/access-keys/${key.id}`, { token: owner })).status).toBe(204)
  expect((await failure(s3.send(new ListBucketsCommand({})))).name).toBe('InvalidAccessKeyId')
  expect((await tp.call('DELETE', `/platform/storage/${ref}/s3/access-keys/${key.id}`, { token: owner })).status).toBe(404)
})
