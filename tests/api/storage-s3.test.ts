// @vitest-environment node
/**
 * A project's storage with its bytes in an S3 bucket (STORAGE_BACKEND=s3) on s3rver, a real S3
 * server on files: supabase-js uploads, downloads whole and by range, copies, moves and removes
 * as with files under DATA_DIR; the bytes are in the bucket under the operator's prefix and
 * nowhere under DATA_DIR; a deleted project's bytes go with it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { S3Client, ListObjectsV2Command } from '@aws-sdk/client-s3'
import type { SupabaseClient } from '@supabase/supabase-js'
import S3rver from 's3rver'
import * as tus from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appClient } from '../helpers/supabase-client'
import { activeProject, ownerWithOrg } from '../helpers/project-backends'
import { settle, startTestPlatform, startTwoInstances, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable } from '../helpers/pg-cluster'

const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-s3-'))
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'platform-files', configs: [] }] })
let endpoint: string
let tp: TestPlatform
let owner: string
let slug: string
let ref: string
let admin: SupabaseClient

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
async function keysInBucket(): Promise<string[]> {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials })
  const listed = await client.send(new ListObjectsV2Command({ Bucket: 'platform-files' }))
  client.destroy()
  return (listed.Contents ?? []).map((o) => o.Key!)
}

beforeAll(async () => {
  endpoint = `http://127.0.0.1:${(await server.run()).port}`
  tp = await startTestPlatform({ storage: { backend: 's3', bucket: 'platform-files', endpoint, region: 'us-east-1', ...credentials, forcePathStyle: true, prefix: 'objects/' } })
  const created = await ownerWithOrg(tp, 'S3 Storage Org')
  owner = created.token
  slug = created.org.slug
  ref = await activeProject(tp, owner, slug)
  const keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
  admin = appClient(`${tp.url}/p/${ref}`, keys.service_role_key)
})
afterAll(async () => {
  await tp?.close()
  await server.close()
  fs.rmSync(s3Dir, { recursive: true, force: true })
})

it('keeps the bytes in the bucket, and serves them as the file backend does', async () => {
  expect((await admin.storage.createBucket('docs')).error).toBeNull()
  const bytes = Buffer.from('bytes kept in an S3 bucket')
  expect((await admin.storage.from('docs').upload('a/notes.txt', bytes, { contentType: 'text/plain' })).error).toBeNull()
  const stored = await keysInBucket()
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatch(new RegExp(`^objects/${ref}/[A-Za-z0-9_-]+$`))
  expect(fs.existsSync(path.join(tp.dataDir, 'storage', 'objects', ref))).toBe(false)

  const downloaded = await admin.storage.from('docs').download('a/notes.txt')
  expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(bytes)).toBe(true)
  const { data: signed } = await admin.storage.from('docs').createSignedUrl('a/notes.txt', 60)
  const range = await fetch(signed!.signedUrl, { headers: { Range: 'bytes=6-9' } })
  expect(range.status).toBe(206)
  expect(await range.text()).toBe('kept')

  expect((await admin.storage.from('docs').copy('a/notes.txt', 'b/copy.txt')).error).toBeNull()
  expect((await admin.storage.from('docs').move('a/notes.txt', 'c/moved.txt')).error).toBeNull()
  expect(await (await admin.storage.from('docs').download('b/copy.txt')).data!.text()).toBe(bytes.toString())
  expect(await keysInBucket()).toHaveLength(2)
  expect((await admin.storage.from('docs').remove(['b/copy.txt'])).error).toBeNull()
  expect(await keysInBucket()).toHaveLength(1)
})

it("removes a deleted project's bytes from the bucket", async () => {
  expect((await tp.call('DELETE', `/platform/projects/${ref}`, { token: owner })).status).toBe(200)
  await settle(tp.platform)
  expect(await keysInBucket()).toEqual([])
})

describe.runIf(pgClusterAvailable())('two app copies on one control plane and one S3 bucket', () => {
  let a: TestPlatform
  let b: TestPlatform
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ a, b, close } = await startTwoInstances({ storage: { backend: 's3', bucket: 'platform-files', endpoint, region: 'us-east-1', ...credentials, forcePathStyle: true, prefix: 'copies/' } }))
  })
  afterAll(async () => close?.())

  it('serves a file uploaded through one copy from the other, and takes a resumable upload chunk by chunk through both', async () => {
    const created = await ownerWithOrg(a, 'Two Copies Org')
    const project = await activeProject(a, created.token, created.org.slug)
    const keys = (await a.call('GET', `/platform/projects/${project}/api-settings?reveal=true`, { token: created.token })).body
    const viaA = appClient(`${a.url}/p/${project}`, keys.service_role_key)
    const viaB = appClient(`${b.url}/p/${project}`, keys.service_role_key)
    expect((await viaA.storage.createBucket('shared')).error).toBeNull()
    expect((await viaA.storage.from('shared').upload('a.txt', 'through A', { contentType: 'text/plain' })).error).toBeNull()
    expect(await (await viaB.storage.from('shared').download('a.txt')).data!.text()).toBe('through A')

    // A resumable upload's first chunk through A, the rest through B.
    const bytes = Buffer.alloc(12 * 1024 * 1024)
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i)
    const options = (base: string, extra: Partial<tus.UploadOptions>): tus.UploadOptions => ({
      endpoint: `${base}/p/${project}/storage/v1/upload/resumable`,
      headers: { authorization: `Bearer ${keys.service_role_key}`, apikey: keys.service_role_key },
      metadata: { bucketName: 'shared', objectName: 'clip.bin', contentType: 'application/octet-stream' },
      chunkSize: 6 * 1024 * 1024,
      retryDelays: [],
      ...extra,
    })
    const location = await new Promise<string>((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(bytes, options(a.url, { onChunkComplete: () => void upload.abort().then(() => resolve(upload.url!)), onError: reject }))
      upload.start()
    })
    const throughB = location.replace(a.url, b.url)
    await new Promise<void>((resolve, reject) => new tus.Upload(bytes, options(b.url, { uploadUrl: throughB, onSuccess: () => resolve(), onError: reject })).start())
    const downloaded = Buffer.from(await (await viaA.storage.from('shared').download('clip.bin')).data!.arrayBuffer())
    expect(downloaded.equals(bytes)).toBe(true)
  })
})
