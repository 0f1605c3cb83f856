// @vitest-environment node
/**
 * A project's storage through supabase-js, as an application uses it: buckets, two users
 * uploading to their own folders under Supabase's "own folder" policies, anon refused, a public
 * bucket's URL without a key, signed URLs until they expire, the plan's upload limit, ranges and
 * conditional downloads, move, copy, remove, and the requests in storage_logs.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { SupabaseClient } from '@supabase/supabase-js'
import * as tus from 'tus-js-client'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flushLogs } from '@/server/logs/recorder'
import { sampleUsage } from '@/server/billing/usage-sampling'
import { MAX_UNFINISHED_PER_PROJECT, ResumableUploads } from '@/server/storage/resumable'
import { storageService } from '@/server/storage/storage-service'
import { sweepOrphanBytes } from '@/server/storage/sweep'
import { forgetVersions, newVersion } from '@/server/storage/ledger'
import { underWayOf } from '@/server/gateway/admission'
import { createPolicySql } from '@/lib/auth-policies/policy-sql'
import { STORAGE_POLICY_TEMPLATES } from '@/lib/storage/policy-templates'
import { appClient } from '../helpers/supabase-client'
import { activeProject, memberOf, organizationOnPlan, ownerWithOrg, rowsOf, runSql } from '../helpers/project-backends'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

const PASSWORD = 'a fine long password'
/** Supabase's "own folder" policies, as Storage → Policies' templates make them. */
const OWN_FOLDER = ['own-folder-insert', 'own-folder-read', 'own-folder-update', 'own-folder-delete']
  .map((id) => createPolicySql({ schema: 'storage', name: 'objects' }, STORAGE_POLICY_TEMPLATES.find((t) => t.id === id)!.draft('avatars')))
  .join('\n')

let tp: TestPlatform
let owner: string
let ref: string
let url: string
let keys: { anon_key: string; service_role_key: string }
let admin: SupabaseClient
const users: { client: SupabaseClient; id: string }[] = []

async function user(): Promise<{ client: SupabaseClient; id: string }> {
  const client = appClient(url, keys.anon_key)
  const { data, error } = await client.auth.signUp({ email: `user-${users.length}-${Date.now()}@example.com`, password: PASSWORD })
  expect(error).toBeNull()
  return { client, id: data.user!.id }
}

beforeAll(async () => {
  tp = await startTestPlatform()
  const created = await ownerWithOrg(tp, 'Storage Org')
  owner = created.token
  ref = await activeProject(tp, owner, created.org.slug)
  url = `${tp.url}/p/${ref}`
  keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
  expect((await tp.call('PATCH', `/platform/auth/${ref}/config`, { token: owner, body: { mailer_autoconfirm: true } })).status).toBe(200)
  admin = appClient(url, keys.service_role_key)
  users.push(await user(), await user())
})
afterAll(() => tp.close())

describe('storage through supabase-js', () => {
  it('has the storage schema from the start, and makes, lists, changes and refuses buckets', async () => {
    const schema = await runSql(tp, owner, ref, `select count(*)::int as n from pg_tables where schemaname = 'storage' and tablename in ('buckets', 'objects')`)
    expect(schema.body.results.at(-1).rows).toEqual([{ n: 2 }])
    expect(await admin.storage.createBucket('avatars', { public: false })).toMatchObject({ data: { name: 'avatars' }, error: null })
    const again = await admin.storage.createBucket('avatars')
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' })
    expect((await admin.storage.updateBucket('avatars', { public: false, fileSizeLimit: '2MB', allowedMimeTypes: ['text/*', 'image/*'] })).error).toBeNull()
    const listed = await admin.storage.listBuckets()
    expect(listed.data?.map((b) => [b.name, b.public, b.file_size_limit])).toEqual([['avatars', false, 2_000_000]])
    // Anon has no policy on storage.buckets: it sees none and makes none.
    const anon = appClient(url, keys.anon_key)
    expect((await anon.storage.listBuckets()).data).toEqual([])
    const refused = await anon.storage.createBucket('mine')
    expect(refused.error).toMatchObject({ statusCode: '403' })
    expect(refused.error?.message).toContain('row-level security')
    const missing = await admin.storage.getBucket('nothing')
    expect(missing.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' })
    expect((await admin.storage.createBucket('bad/name')).error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' })
  })

  it('two users upload to their own folders under the policy; each lists and downloads only their own; anon gets nothing', async () => {
    expect((await runSql(tp, owner, ref, OWN_FOLDER)).status).toBe(200)
    const [a, b] = users
    const uploadA = await a.client.storage.from('avatars').upload(`${a.id}/note.txt`, 'from A', { contentType: 'text/plain' })
    expect(uploadA.error).toBeNull()
    expect(uploadA.data).toMatchObject({ path: `${a.id}/note.txt`, fullPath: `avatars/${a.id}/note.txt` })
    expect((await b.client.storage.from('avatars').upload(`${b.id}/note.txt`, new Blob(['from B'], { type: 'text/plain' }))).error).toBeNull()
    const intoOther = await a.client.storage.from('avatars').upload(`${b.id}/sneaky.txt`, 'not yours', { contentType: 'text/plain' })
    expect(intoOther.error).toMatchObject({ statusCode: '403' })
    expect(intoOther.error?.message).toContain('row-level security')

    expect((await a.client.storage.from('avatars').list(a.id)).data?.map((o) => o.name)).toEqual(['note.txt'])
    expect((await a.client.storage.from('avatars').list(b.id)).data).toEqual([])
    expect((await a.client.storage.from('avatars').list()).data?.map((o) => [o.name, o.id])).toEqual([[a.id, null]])
    expect(await (await a.client.storage.from('avatars').download(`${a.id}/note.txt`)).data?.text()).toBe('from A')
    expect((await a.client.storage.from('avatars').download(`${b.id}/note.txt`)).error).not.toBeNull()

    const anon = appClient(url, keys.anon_key)
    expect((await anon.storage.from('avatars').list(a.id)).data).toEqual([])
    expect((await anon.storage.from('avatars').download(`${a.id}/note.txt`)).error).not.toBeNull()
    // The service role sees both.
    expect((await admin.storage.from('avatars').list(b.id)).data?.map((o) => o.name)).toEqual(['note.txt'])
    // A duplicate without upsert is refused; with it, replaced.
    expect((await a.client.storage.from('avatars').upload(`${a.id}/note.txt`, 'again', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '409' })
    expect((await a.client.storage.from('avatars').upload(`${a.id}/note.txt`, 'replaced', { contentType: 'text/plain', upsert: true })).error).toBeNull()
    expect(await (await a.client.storage.from('avatars').download(`${a.id}/note.txt`)).data?.text()).toBe('replaced')
    // The bucket's own limits: its MIME types and its size.
    expect((await a.client.storage.from('avatars').upload(`${a.id}/x.pdf`, 'pdf', { contentType: 'application/pdf' })).error).toMatchObject({ statusCode: '415' })
    const big = await a.client.storage.from('avatars').upload(`${a.id}/big.txt`, Buffer.alloc(2_100_000, 'x'), { contentType: 'text/plain' })
    expect(big.error).toMatchObject({ statusCode: '413' })
    expect(big.error?.message).toContain('1.9 MB in bucket avatars')
  })

  it('serves a public bucket without a key, and a signed URL until it expires', async () => {
    expect((await admin.storage.createBucket('site', { public: true })).error).toBeNull()
    expect((await admin.storage.from('site').upload('hello.html', '<script>alert(1)</script>', { contentType: 'text/html' })).error).toBeNull()
    const { publicUrl } = admin.storage.from('site').getPublicUrl('hello.html').data
    const open = await fetch(publicUrl)
    expect(open.status).toBe(200)
    expect(await open.text()).toBe('<script>alert(1)</script>')
    // Never a page on the platform's origin.
    expect(open.headers.get('content-type')).toBe('text/plain')
    expect(open.headers.get('content-security-policy')).toContain('sandbox')
    expect(open.headers.get('x-content-type-options')).toBe('nosniff')

    const [a] = users
    const signed = await a.client.storage.from('avatars').createSignedUrl(`${a.id}/note.txt`, 2, { download: 'mine.txt' })
    expect(signed.error).toBeNull()
    const fetched = await fetch(signed.data!.signedUrl)
    expect(fetched.status).toBe(200)
    expect(await fetched.text()).toBe('replaced')
    expect(fetched.headers.get('content-disposition')).toBe(`attachment; filename=mine.txt; filename*=UTF-8''mine.txt`)
    expect(fetched.headers.get('expires')).toBeTruthy()
    const many = await a.client.storage.from('avatars').createSignedUrls([`${a.id}/note.txt`, `${users[1].id}/note.txt`], 60)
    expect(many.data?.map((s) => [s.error, Boolean(s.signedUrl)])).toEqual([
      [null, true],
      ['Either the object does not exist or you do not have access to it', false],
    ])
    const forged = signed.data!.signedUrl.replace('note.txt', 'other.txt')
    expect((await (await fetch(forged)).json()).statusCode).toBe('400')
    await new Promise((resolve) => setTimeout(resolve, 3_100))
    const expired = await fetch(signed.data!.signedUrl)
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({ statusCode: '400', error: 'ExpiredToken' })
  })

  it("asks the uploader's policies of the row as it is when the upload ends: an upsert does not overwrite a file another user made meanwhile", async () => {
    expect((await admin.storage.createBucket('shared')).error).toBeNull()
    // Anyone signed in may add a file and read them all; only its owner may replace one.
    await rowsOf(
      tp,
      owner,
      ref,
      `create policy "shared insert" on storage.objects for insert to authenticated with check (bucket_id = 'shared');
       create policy "shared read" on storage.objects for select to authenticated using (bucket_id = 'shared');
       create policy "shared update" on storage.objects for update to authenticated using (bucket_id = 'shared' and owner_id = (select auth.uid()::text))`
    )
    const [a, b] = users
    const tokenOf = async (u: typeof a) => (await u.client.auth.getSession()).data.session!.access_token
    const versions = async () => Number((await tp.platform.db.query<{ n: string }>('select count(*) as n from storage_versions where project_ref = $1', [ref]))[0].n)
    const before = await versions()
    // A's upsert passes its test while there is no file yet, then its body takes its time…
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${url}/storage/v1/object/shared/race.txt`, {
        method: 'POST',
        headers: { apikey: keys.anon_key, 'Content-Type': 'text/plain', 'Content-Length': '6', 'x-upsert': 'true' },
      })
      void tokenOf(a).then((token) => {
        request.setHeader('Authorization', `Bearer ${token}`)
        request.write('from ')
      })
      request.on('response', (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, body }))
      })
      request.on('error', reject)
      void expect.poll(versions, { timeout: 10_000 }).toBe(before + 1).then(async () => {
        // …meanwhile B makes the file; then A's last byte comes.
        expect((await b.client.storage.from('shared').upload('race.txt', 'by B', { contentType: 'text/plain' })).error).toBeNull()
        request.end('A')
      }, reject)
    })
    const { status, body } = await answer
    expect({ status, statusCode: JSON.parse(body).statusCode }).toEqual({ status: 400, statusCode: '403' })
    expect(await (await b.client.storage.from('shared').download('race.txt')).data!.text()).toBe('by B')
    expect((await admin.storage.emptyBucket('shared')).error).toBeNull()
    expect((await admin.storage.deleteBucket('shared')).error).toBeNull()
  })

  it("refuses an upload past the plan's limit with the limit in the sentence", async () => {
    expect((await admin.storage.createBucket('big-files')).error).toBeNull()
    const tooBig = await admin.storage.from('big-files').upload('big.bin', Buffer.alloc(60 * 1024 * 1024), { contentType: 'application/octet-stream' })
    expect(tooBig.error).toMatchObject({ status: 400, statusCode: '413' })
    expect(tooBig.error?.message).toBe("The object exceeded the maximum allowed size (50 MB on this project's plan).")
    // Nothing of it is kept.
    const dir = path.join(tp.dataDir, 'storage', 'incoming')
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it("holds every upload to the project's own limit from Project settings → Storage, at most the plan's", async () => {
    const settings = `/platform/storage/${ref}/settings`
    expect((await tp.call('GET', settings, { token: owner })).body).toEqual({ file_size_limit: null, plan_max_upload_bytes: 52_428_800 })
    const above = await tp.call('PATCH', settings, { token: owner, body: { file_size_limit: 60_000_000 } })
    expect(above.status).toBe(400)
    expect(above.body.message).toBe("The upload limit can be at most 50 MB, this project's plan's upload size. Upgrade the plan for larger files.")
    expect((await tp.call('PATCH', settings, { token: owner, body: { file_size_limit: 1024 } })).body).toEqual({ file_size_limit: 1024, plan_max_upload_bytes: 52_428_800 })

    expect((await admin.storage.createBucket('limits')).error).toBeNull()
    const files = admin.storage.from('limits')
    const refused = await files.upload('limited.bin', Buffer.alloc(1025), { contentType: 'application/octet-stream' })
    expect(refused.error?.message).toBe("The object exceeded the maximum allowed size (1 KB in this project's storage settings).")
    expect((await files.upload('limited.bin', Buffer.alloc(1024), { contentType: 'application/octet-stream' })).error).toBeNull()
    const bucket = await admin.storage.createBucket('limited', { public: false, fileSizeLimit: 2048 })
    expect(bucket.error?.message).toBe("The object exceeded the maximum allowed size (1 KB in this project's storage settings).")
    // And through the dashboard's own routes, which run the same endpoints.
    expect((await tp.call('POST', `/platform/storage/${ref}/buckets`, { token: owner, body: { name: 'limited', file_size_limit: 2048 } })).status).toBe(413)

    expect((await tp.call('PATCH', settings, { token: owner, body: { file_size_limit: null } })).status).toBe(200)
    expect((await files.upload('unlimited.bin', Buffer.alloc(1025), { contentType: 'application/octet-stream' })).error).toBeNull()
    expect((await admin.storage.emptyBucket('limits')).error).toBeNull()
    expect((await admin.storage.deleteBucket('limits')).error).toBeNull()
  })

  it('answers ranges and conditional requests, info and exists; moves, copies and removes', async () => {
    const files = admin.storage.from('big-files')
    const bytes = Buffer.from('0123456789abcdef')
    expect((await files.upload('docs/digits.txt', bytes, { contentType: 'text/plain', cacheControl: '60' })).error).toBeNull()
    const objectUrl = `${url}/storage/v1/object/big-files/docs/digits.txt`
    const auth = { apikey: keys.service_role_key, Authorization: `Bearer ${keys.service_role_key}` }
    const part = await fetch(objectUrl, { headers: { ...auth, Range: 'bytes=2-5' } })
    expect(part.status).toBe(206)
    expect(await part.text()).toBe('2345')
    expect(part.headers.get('content-range')).toBe('bytes 2-5/16')
    const whole = await fetch(objectUrl, { headers: auth })
    const etag = whole.headers.get('etag')!
    expect(etag).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`)
    expect(whole.headers.get('cache-control')).toBe('max-age=60')
    await whole.arrayBuffer()
    expect((await fetch(objectUrl, { headers: { ...auth, 'If-None-Match': etag } })).status).toBe(304)
    expect((await fetch(objectUrl, { headers: { ...auth, Range: 'bytes=40-50' } })).status).toBe(416)

    const info = await files.info('docs/digits.txt')
    expect(info.data).toMatchObject({ name: 'docs/digits.txt', size: 16, contentType: 'text/plain', bucketId: 'big-files' })
    expect((await files.exists('docs/digits.txt')).data).toBe(true)
    expect((await files.exists('docs/none.txt')).data).toBe(false)

    expect((await files.move('docs/digits.txt', 'docs/moved.txt')).error).toBeNull()
    expect((await files.copy('docs/moved.txt', 'docs/copy.txt')).data).toEqual({ path: 'big-files/docs/copy.txt' })
    expect(await (await files.download('docs/copy.txt')).data?.text()).toBe('0123456789abcdef')
    expect((await files.list('docs')).data?.map((o) => o.name)).toEqual(['copy.txt', 'moved.txt'])
    const removed = await files.remove(['docs/moved.txt', 'docs/copy.txt', 'docs/never.txt'])
    expect(removed.data?.map((o) => o.name).sort()).toEqual(['docs/copy.txt', 'docs/moved.txt'])
    expect((await files.list('docs')).data).toEqual([])
    // Their bytes are gone with them, and the platform's account of them.
    const [{ n }] = await tp.platform.db.query<{ n: number }>(
      `select count(*)::int as n from storage_versions where project_ref = $1`,
      [ref]
    )
    const rows = await runSql(tp, owner, ref, `select count(*)::int as n from storage.objects`)
    expect(n).toBe(rows.body.results.at(-1).rows[0].n)

    const notEmpty = await admin.storage.deleteBucket('avatars')
    expect(notEmpty.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' })
    expect((await admin.storage.emptyBucket('avatars')).error).toBeNull()
    expect((await admin.storage.deleteBucket('avatars')).error).toBeNull()
    // A delete from SQL would leave bytes behind: refused with what to call instead.
    const direct = await runSql(tp, owner, ref, `delete from storage.objects`)
    expect(direct.status).toBe(400)
    expect(direct.body.message).toContain('Use the Storage API instead')
  })

  it('uploads through a signed upload URL without a key, once, as the user who asked for it', async () => {
    expect((await admin.storage.createBucket('drop-box')).error).toBeNull()
    const signed = await admin.storage.from('drop-box').createSignedUploadUrl('inbox/report.txt')
    expect(signed.error).toBeNull()
    // Anon has no policy on the bucket: the token alone allows the upload.
    const anon = appClient(url, keys.anon_key)
    const uploaded = await anon.storage.from('drop-box').uploadToSignedUrl('inbox/report.txt', signed.data!.token, 'the report', { contentType: 'text/plain' })
    expect(uploaded.error).toBeNull()
    expect(uploaded.data).toMatchObject({ path: 'inbox/report.txt', fullPath: 'drop-box/inbox/report.txt' })
    expect(await (await admin.storage.from('drop-box').download('inbox/report.txt')).data?.text()).toBe('the report')
    // The token names that object and no other, and does not replace it; no key is needed.
    expect((await anon.storage.from('drop-box').uploadToSignedUrl('inbox/other.txt', signed.data!.token, 'x')).error).toMatchObject({ statusCode: '400' })
    const again = await fetch(`${url}/storage/v1${signed.data!.signedUrl.slice(`${url}/storage/v1`.length)}`, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'again' })
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ statusCode: '409' })
    // A caller whose policies do not allow the upload gets no URL.
    expect((await anon.storage.from('drop-box').createSignedUploadUrl('inbox/anon.txt')).error).toMatchObject({ statusCode: '403' })
  })

  it('lists with list-v2: full names a page at a time with a cursor, flat or by folder', async () => {
    const box = admin.storage.from('drop-box')
    for (const name of ['inbox/a.txt', 'inbox/b.txt', 'inbox/sub/c.txt', 'inbox/sub/d.txt', 'other/e.txt'])
      expect((await box.upload(name, name, { contentType: 'text/plain', upsert: true })).error).toBeNull()
    const first = await box.listV2({ prefix: 'inbox/', limit: 2 })
    expect(first.error).toBeNull()
    expect(first.data?.objects.map((o) => o.name)).toEqual(['inbox/a.txt', 'inbox/b.txt'])
    expect(first.data?.hasNext).toBe(true)
    const second = await box.listV2({ prefix: 'inbox/', limit: 2, cursor: first.data!.nextCursor })
    expect(second.data?.objects.map((o) => o.name)).toEqual(['inbox/report.txt', 'inbox/sub/c.txt'])
    const folders = await box.listV2({ prefix: 'inbox/', with_delimiter: true })
    expect(folders.data?.folders.map((f) => f.name)).toEqual(['inbox/sub/'])
    expect(folders.data?.objects.map((o) => o.name)).toEqual(['inbox/a.txt', 'inbox/b.txt', 'inbox/report.txt'])
    expect(folders.data?.hasNext).toBe(false)
    const newest = await box.listV2({ prefix: 'inbox/', sortBy: { column: 'created_at', order: 'desc' }, limit: 1 })
    expect(newest.data?.objects.map((o) => o.name)).toEqual(['inbox/sub/d.txt'])
    const next = await box.listV2({ prefix: 'inbox/', limit: 1, cursor: newest.data!.nextCursor })
    expect(next.data?.objects.map((o) => o.name)).toEqual(['inbox/sub/c.txt'])
    expect((await box.listV2({ cursor: 'garbage' })).error).toMatchObject({ statusCode: '400' })
  })

  it('takes a 20 MB resumable (TUS) upload broken after 5 MB, resumed from where it stopped', async () => {
    expect((await admin.storage.createBucket('videos')).error).toBeNull()
    const bytes = Buffer.alloc(20 * 1024 * 1024)
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i)
    const [a] = users
    const token = (await a.client.auth.getSession()).data.session!.access_token
    expect((await runSql(tp, owner, ref, `create policy "authenticated upload videos" on storage.objects for insert to authenticated with check (bucket_id = 'videos')`)).status).toBe(200)
    const options = (extra: Partial<tus.UploadOptions>): tus.UploadOptions => ({
      endpoint: `${url}/storage/v1/upload/resumable`,
      headers: { authorization: `Bearer ${token}`, apikey: keys.anon_key, 'x-upsert': 'false' },
      metadata: { bucketName: 'videos', objectName: `${a.id}/clip.bin`, contentType: 'application/octet-stream', cacheControl: '3600' },
      chunkSize: 5 * 1024 * 1024,
      uploadDataDuringCreation: true,
      retryDelays: [],
      ...extra,
    })
    // The first chunk goes through, then the connection breaks.
    const location = await new Promise<string>((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(bytes, options({
        onChunkComplete: () => {
          void upload.abort().then(() => resolve(upload.url!))
        },
        onError: reject,
      }))
      upload.start()
    })
    expect(location).toMatch(new RegExp(`^${url}/storage/v1/upload/resumable/${ref}\\.[0-9a-f]{32}$`))
    const head = await fetch(location, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, apikey: keys.anon_key } })
    expect(head.headers.get('upload-offset')).toBe(String(5 * 1024 * 1024))
    // As after an app restart, or on another app copy: a new TUS server with nothing in memory.
    const storage = storageService(tp.platform) as unknown as { resumable: ResumableUploads }
    storage.resumable = new ResumableUploads(tp.platform, storageService(tp.platform).backend)
    await new Promise<void>((resolve, reject) => new tus.Upload(bytes, options({ uploadUrl: location, onSuccess: () => resolve(), onError: reject })).start())
    const downloaded = Buffer.from(await (await admin.storage.from('videos').download(`${a.id}/clip.bin`)).data!.arrayBuffer())
    expect(createHash('md5').update(downloaded).digest('hex')).toBe(createHash('md5').update(bytes).digest('hex'))
    // Owned by the user who started it, whoever sent the last chunk.
    const owned = await runSql(tp, owner, ref, `select owner_id from storage.objects where bucket_id = 'videos'`)
    expect(owned.body.results.at(-1).rows).toEqual([{ owner_id: a.id }])
    // Nothing of the upload is left, its parts' bytes neither, and anon may not start one.
    const uploadsOf = (project: string) => tp.platform.db.query('select id from storage_resumable_uploads where project_ref = $1', [project])
    expect(await uploadsOf(ref)).toEqual([])
    expect(await tp.platform.db.query('select 1 from storage_resumable_parts')).toEqual([])
    const [{ objects, ledger }] = await tp.platform.db.query<{ objects: string; ledger: string }>(
      `select (select count(*) from storage_versions where project_ref = $1) as ledger, $2::bigint as objects`,
      [ref, (await rowsOf(tp, owner, ref, 'select count(*)::int as n from storage.objects where version is not null'))[0].n]
    )
    expect(Number(ledger)).toBe(Number(objects))
    const anonStart = await fetch(`${url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', apikey: keys.anon_key, 'Upload-Metadata': `bucketName ${Buffer.from('videos').toString('base64')},objectName ${Buffer.from('x.bin').toString('base64')}` },
    })
    expect(anonStart.status).toBe(403)

    // Unfinished uploads keep their bytes until they are finished or a day old: ten at most at once.
    const start = () =>
      fetch(`${url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', apikey: keys.service_role_key, authorization: `Bearer ${keys.service_role_key}`, 'Upload-Metadata': `bucketName ${Buffer.from('videos').toString('base64')},objectName ${Buffer.from('left.bin').toString('base64')}` },
      })
    const started = []
    for (let i = 0; i < MAX_UNFINISHED_PER_PROJECT; i++) started.push((await start()).status)
    expect(started).toEqual(Array(MAX_UNFINISHED_PER_PROJECT).fill(201))
    const eleventh = await start()
    expect(eleventh.status).toBe(429)
    expect(await eleventh.text()).toContain(`This project has ${MAX_UNFINISHED_PER_PROJECT} resumable uploads unfinished`)
    await tp.platform.db.query('delete from storage_resumable_uploads where project_ref = $1', [ref])
    expect((await start()).status).toBe(201)
  })

  it('keeps what came of one long chunk before its connection broke, part by part as it came, and goes on from there', async () => {
    const bytes = Buffer.alloc(20 * 1024 * 1024)
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i ^ 0x5a5a, i)
    const auth = { 'Tus-Resumable': '1.0.0', apikey: keys.service_role_key, authorization: `Bearer ${keys.service_role_key}` }
    const created = await fetch(`${url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { ...auth, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `bucketName ${Buffer.from('videos').toString('base64')},objectName ${Buffer.from('long.bin').toString('base64')}` },
    })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    // The whole file in one PATCH, broken off after 17 MiB: its first two parts are kept while it
    // still comes (an app stopping then loses one part at most), and whatever came of the third.
    const patch = http.request(location, { method: 'PATCH', headers: { ...auth, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0', 'Content-Length': String(bytes.length) } })
    patch.on('error', () => undefined)
    patch.write(bytes.subarray(0, 17 * 1024 * 1024))
    const offset = async () => Number((await fetch(location, { method: 'HEAD', headers: auth })).headers.get('upload-offset'))
    await expect.poll(offset, { timeout: 20_000 }).toBeGreaterThanOrEqual(16 * 1024 * 1024)
    patch.destroy()
    let reached = -1
    await expect.poll(async () => reached === (reached = await offset()), { timeout: 20_000, interval: 500 }).toBe(true)
    expect(reached).toBeGreaterThanOrEqual(16 * 1024 * 1024)
    expect(reached).toBeLessThanOrEqual(17 * 1024 * 1024)
    const rest = await fetch(location, { method: 'PATCH', headers: { ...auth, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(reached) }, body: bytes.subarray(reached) })
    expect(rest.status).toBe(204)
    const downloaded = Buffer.from(await (await admin.storage.from('videos').download('long.bin')).data!.arrayBuffer())
    expect(downloaded.equals(bytes)).toBe(true)
    expect(await tp.platform.db.query('select 1 from storage_resumable_parts')).toEqual([])
  })

  it("counts the files' bytes as the organization's storage size, from the platform's own account, and past the Free plan's 1 GB it is over quota", async () => {
    const [{ organization_id: orgId, slug }] = await tp.platform.db.query<{ organization_id: number; slug: string }>(
      'select p.organization_id::int as organization_id, o.slug from projects p join organizations o on o.id = p.organization_id where p.ref = $1',
      [ref]
    )
    const usageOf = async () => {
      await sampleUsage(tp.platform, { organizationId: orgId })
      const res = await tp.call('GET', `/platform/organizations/${slug}/usage`, { token: owner })
      return (res.body.metrics as { metric: string; usage: number; available: boolean; projects: { ref: string; value: number }[] }[]).find((m) => m.metric === 'STORAGE_SIZE')!
    }
    const [{ bytes }] = await tp.platform.db.query<{ bytes: number }>('select coalesce(sum(size_bytes), 0)::float8 as bytes from storage_versions where project_ref = $1', [ref])
    expect(bytes).toBeGreaterThan(20 * 1024 * 1024)
    const measured = await usageOf()
    expect(measured).toMatchObject({ available: true, usage: bytes })
    expect(measured.projects.find((p) => p.ref === ref)?.value).toBe(bytes)
    // What the project's SQL does to its storage schema does not change the count.
    expect((await runSql(tp, owner, ref, `update storage.objects set metadata = jsonb_set(metadata, '{size}', '0')`)).status).toBe(200)
    expect((await usageOf()).usage).toBe(bytes)
    // Past the Free plan's storage (1 GB), the organization is over its quota.
    await tp.platform.db.query(`insert into storage_versions (project_ref, version, size_bytes) values ($1, 'padding', $2)`, [ref, 1024 ** 3])
    try {
      expect((await usageOf()).usage).toBe(bytes + 1024 ** 3)
      const [org] = await tp.platform.db.query<{ restriction_status: string | null; quota_note: string | null }>('select restriction_status, quota_note from organizations where id = $1', [orgId])
      expect(org.restriction_status).not.toBeNull()
      expect(org.quota_note).toContain('Storage size')
    } finally {
      await tp.platform.db.query(`delete from storage_versions where project_ref = $1 and version = 'padding'`, [ref])
      await tp.platform.db.query(`update organizations set restriction_status = null, restriction_data = null, quota_note = null where id = $1`, [orgId])
    }
  })

  it('transforms an image to a width, as storage-js asks for it: authenticated, public and signed; on Pro, each image billed once a month', async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#3ecf8e' } }).png().toBuffer()
    expect((await admin.storage.createBucket('images', { public: true })).error).toBeNull()
    expect((await admin.storage.from('images').upload('banner.png', png, { contentType: 'image/png' })).error).toBeNull()
    // Free does not transform, and says where to get it.
    const onFree = await fetch(`${url}/storage/v1/render/image/public/images/banner.png?width=10`)
    expect(onFree.status).toBe(403)
    expect((await onFree.json()).message).toBe("Image transformations come with the Pro plan and above: upgrade the organization's plan on its Billing page.")
    const { id: orgId, slug } = (await tp.platform.db.query<{ id: number; slug: string }>('select o.id::int as id, o.slug from organizations o join projects p on p.organization_id = o.id where p.ref = $1', [ref]))[0]
    await organizationOnPlan(tp, owner, slug, 'pro')
    const downloaded = await admin.storage.from('images').download('banner.png', { transform: { width: 100 } })
    expect(downloaded.error).toBeNull()
    expect(await sharp(Buffer.from(await downloaded.data!.arrayBuffer())).metadata()).toMatchObject({ width: 100, height: 50, format: 'png' })
    const { publicUrl } = admin.storage.from('images').getPublicUrl('banner.png', { transform: { width: 80, height: 80, resize: 'contain' } }).data
    const open = await fetch(`${publicUrl}&format=webp`)
    expect(open.headers.get('content-type')).toBe('image/webp')
    expect(await sharp(Buffer.from(await open.arrayBuffer())).metadata()).toMatchObject({ width: 80, height: 80, format: 'webp' })
    const signed = await admin.storage.from('images').createSignedUrl('banner.png', 60, { transform: { width: 40 } })
    const viaToken = await fetch(signed.data!.signedUrl)
    expect(viaToken.status).toBe(200)
    expect((await sharp(Buffer.from(await viaToken.arrayBuffer())).metadata()).width).toBe(40)
    const tooWide = await fetch(`${url}/storage/v1/render/image/public/images/banner.png?width=5000`)
    expect(await tooWide.json()).toMatchObject({ statusCode: '400', message: 'width must be a whole number from 1 to 2500' })
    expect((await admin.storage.from('images').upload('notes.txt', 'text', { contentType: 'text/plain' })).error).toBeNull()
    expect(await (await fetch(`${url}/storage/v1/render/image/public/images/notes.txt?width=10`)).json()).toMatchObject({ statusCode: '415' })

    // Four transformations of one image, in three sizes: one image billed this month.
    await sampleUsage(tp.platform, { organizationId: orgId })
    const usage = (await tp.call('GET', `/platform/organizations/${slug}/usage`, { token: owner })).body
    expect(usage.metrics.find((m: { metric: string }) => m.metric === 'STORAGE_IMAGE_TRANSFORMATIONS')).toMatchObject({ usage: 1, included: 100, available: true })
    await organizationOnPlan(tp, owner, slug, 'free')
  })

  it("answers with the bytes' own length whatever the project's SQL does to a row, and refuses what could not be sent back", async () => {
    const files = admin.storage.from('big-files')
    expect((await files.upload('sized.txt', 'twelve bytes', { contentType: 'text/plain' })).error).toBeNull()
    expect((await runSql(tp, owner, ref, `update storage.objects set metadata = jsonb_set(metadata, '{size}', '0') where name = 'sized.txt'`)).status).toBe(200)
    const res = await fetch(`${url}/storage/v1/object/big-files/sized.txt`, { headers: { apikey: keys.service_role_key, Authorization: `Bearer ${keys.service_role_key}` } })
    expect(res.headers.get('content-length')).toBe('12')
    expect(await res.text()).toBe('twelve bytes')
    // A copy is counted as its bytes are, not as the row says.
    expect((await files.copy('sized.txt', 'sized-copy.txt')).error).toBeNull()
    const [{ sizes }] = await tp.platform.db.query<{ sizes: number[] }>(
      `select array_agg(size_bytes::int order by size_bytes) as sizes from storage_versions where project_ref = $1 and size_bytes = 12`,
      [ref]
    )
    expect(sizes).toEqual([12, 12])
    // A Cache-Control that could not be answered is refused at upload.
    const crlf = await fetch(`${url}/storage/v1/object/big-files/bad.txt`, {
      method: 'POST',
      headers: { apikey: keys.service_role_key, Authorization: `Bearer ${keys.service_role_key}`, 'Content-Type': 'text/plain', 'Cache-Control': 'max-age=1\u00e9' },
      body: 'x',
    })
    expect(await crlf.json()).toMatchObject({ statusCode: '400' })
    // The key-less routes are decided on the path as it is routed: this is a private object's, not a signed URL.
    const head = await fetch(`${url}/storage/v1/object/sign/big-files%2Fsized.txt`, { method: 'HEAD' })
    expect(head.status).toBe(401)
  })

  it('bounds the requests one client address has under way to a project, slow uploads included', async () => {
    const config = tp.platform.config
    const before = { max: config.storageMaxRequestsPerClient, body: config.bodyTimeoutMs }
    config.storageMaxRequestsPerClient = 3
    config.bodyTimeoutMs = 60_000
    const slow = Array.from({ length: 3 }, (_, i) => {
      const request = http.request(`${url}/storage/v1/object/big-files/slow-${i}.txt`, {
        method: 'POST',
        headers: { apikey: keys.service_role_key, authorization: `Bearer ${keys.service_role_key}`, 'content-type': 'text/plain', 'content-length': '100' },
      })
      request.on('error', () => undefined)
      request.write('a few bytes, then nothing')
      return request
    })
    try {
      const list = () => admin.storage.listBuckets()
      const underWay = () => underWayOf('storage', ref, '127.0.0.1')
      // Once the three are past the gate and reading their bodies, a fourth request is refused.
      await expect.poll(underWay, { timeout: 30_000, interval: 20 }).toBe(3)
      expect((await list()).error).toMatchObject({ statusCode: '429', message: expect.stringContaining('(3 at most at once)') })
      for (const request of slow) request.destroy()
      await expect.poll(underWay, { timeout: 30_000, interval: 20 }).toBe(0)
      expect((await list()).error).toBeNull()
    } finally {
      for (const request of slow) request.destroy()
      config.storageMaxRequestsPerClient = before.max
      config.bodyTimeoutMs = before.body
    }
  })

  it('sweeps bytes no object names a day on (a row that never committed, a restore), and keeps what a row or a young upload still names', async () => {
    const service = storageService(tp.platform)
    expect((await admin.storage.createBucket('swept')).error).toBeNull()
    expect((await admin.storage.from('swept').upload('kept.txt', 'kept', { contentType: 'text/plain' })).error).toBeNull()
    const [{ version: named }] = await rowsOf(tp, owner, ref, `select version from storage.objects where bucket_id = 'swept' and name = 'kept.txt'`)
    // Bytes whose row never came: one old, one of an upload still under way.
    const orphan = await newVersion(tp.platform, ref)
    const young = await newVersion(tp.platform, ref)
    for (const version of [orphan, young]) await service.backend.write(`${ref}/${version}`, Readable.from([Buffer.from('orphan')]), { maxBytes: 100, contentType: 'text/plain' })
    await tp.platform.db.query(`update storage_versions set created_at = now() - interval '2 days' where project_ref = $1 and version = any($2)`, [ref, [orphan, named]])

    expect(await sweepOrphanBytes(tp.platform, service.databases, service.backend, { force: true })).toBe(1)
    expect(await service.backend.size(`${ref}/${orphan}`)).toBeNull()
    expect(await service.backend.size(`${ref}/${young}`)).toBe(6)
    const listed = (await tp.platform.db.query<{ version: string }>('select version from storage_versions where project_ref = $1', [ref])).map((r) => r.version)
    expect(listed).toEqual(expect.arrayContaining([named, young]))
    expect(listed).not.toContain(orphan)
    expect(await (await admin.storage.from('swept').download('kept.txt')).data!.text()).toBe('kept')
    await service.backend.remove([`${ref}/${young}`])
    await forgetVersions(tp.platform, ref, [young])
    expect((await admin.storage.emptyBucket('swept')).error).toBeNull()
    expect((await admin.storage.deleteBucket('swept')).error).toBeNull()
  })

  it("removes a deleted project's files with it, and its unfinished uploads", async () => {
    const slug = (await tp.platform.db.query<{ slug: string }>('select o.slug from organizations o join projects p on p.organization_id = o.id where p.ref = $1', [ref]))[0].slug
    const doomed = await activeProject(tp, owner, slug)
    const doomedKeys = (await tp.call('GET', `/platform/projects/${doomed}/api-settings?reveal=true`, { token: owner })).body
    const doomedAdmin = appClient(`${tp.url}/p/${doomed}`, doomedKeys.service_role_key)
    expect((await doomedAdmin.storage.createBucket('files')).error).toBeNull()
    expect((await doomedAdmin.storage.from('files').upload('a.txt', 'a', { contentType: 'text/plain' })).error).toBeNull()
    const dir = path.join(tp.dataDir, 'storage', 'objects', doomed)
    expect(fs.readdirSync(dir)).toHaveLength(1)
    const unfinished = await fetch(`${tp.url}/p/${doomed}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', apikey: doomedKeys.service_role_key, 'Upload-Metadata': `bucketName ${Buffer.from('files').toString('base64')},objectName ${Buffer.from('b.txt').toString('base64')}` },
    })
    expect(unfinished.status).toBe(201)
    const resumableOf = () => tp.platform.db.query('select id from storage_resumable_uploads where project_ref = $1', [doomed])
    expect(await resumableOf()).not.toEqual([])
    expect((await tp.call('DELETE', `/platform/projects/${doomed}`, { token: owner })).status).toBe(200)
    await settle(tp.platform)
    expect(fs.existsSync(dir)).toBe(false)
    expect(await resumableOf()).toEqual([])
    expect(await tp.platform.db.query('select 1 from storage_versions where project_ref = $1', [doomed])).toEqual([])
  })

  it("records the project's storage requests in storage_logs, with no token", async () => {
    await flushLogs(tp.platform)
    const logs = await tp.call('GET', `/platform/projects/${ref}/logs?source=storage_logs&limit=1000`, { token: owner })
    expect(logs.status).toBe(200)
    const events = logs.body.events as { metadata: { request: { path: string; method: string }; response: { status_code: number } } }[]
    expect(events.some((e) => e.metadata.request.path === '/storage/v1/bucket' && e.metadata.request.method === 'POST')).toBe(true)
    expect(JSON.stringify(events)).not.toContain('token=')
    expect(JSON.stringify(events)).not.toContain(keys.anon_key)
  })
})

describe("the dashboard's storage routes", () => {
  const base = () => `/platform/storage/${ref}`
  let reader: string

  beforeAll(async () => {
    const orgId = (await tp.platform.db.query<{ id: number }>('select organization_id::int as id from projects where ref = $1', [ref]))[0].id
    reader = await memberOf(tp, orgId, 'Read-only')
  })

  it('makes a bucket an application then sees, and says in a sentence why one is refused', async () => {
    const made = await tp.call('POST', `${base()}/buckets`, { token: owner, body: { name: 'dash-files', public: false, file_size_limit: 1024 * 1024, allowed_mime_types: ['text/*', 'image/png'] } })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ id: 'dash-files', name: 'dash-files', public: false, file_size_limit: 1024 * 1024, allowed_mime_types: ['text/*', 'image/png'] })
    expect((await admin.storage.getBucket('dash-files')).data).toMatchObject({ name: 'dash-files', file_size_limit: 1024 * 1024 })
    const again = await tp.call('POST', `${base()}/buckets`, { token: owner, body: { name: 'dash-files' } })
    expect(again).toMatchObject({ status: 409, body: { message: 'A bucket named “dash-files” already exists.' } })
    const badName = await tp.call('POST', `${base()}/buckets`, { token: owner, body: { name: 'a/b' } })
    expect(badName.status).toBe(400)
    expect(badName.body.message).toContain('bucket name')
    const changed = await tp.call('PATCH', `${base()}/buckets/dash-files`, { token: owner, body: { public: true } })
    expect(changed).toMatchObject({ status: 200, body: { public: true, file_size_limit: 1024 * 1024 } })
    const listed = await tp.call('GET', `${base()}/buckets`, { token: reader })
    expect(listed.status).toBe(200)
    expect(listed.body.map((b: { id: string }) => b.id)).toContain('dash-files')
  })

  it('uploads by a signed URL with no key, lists folders, signs, moves and deletes files', async () => {
    const upload = await tp.call('POST', `${base()}/buckets/dash-files/objects/upload-url`, { token: owner, body: { path: 'notes/hello world.txt' } })
    expect(upload.status).toBe(200)
    expect(upload.body.url).toMatch(new RegExp(`/p/${ref}/storage/v1/object/upload/sign/dash-files/notes/hello%20world\\.txt\\?token=`))
    const put = await fetch(upload.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'hello from the dashboard' })
    expect(put.status).toBe(200)
    // Its type is held to the bucket's list even so.
    const pdf = await tp.call('POST', `${base()}/buckets/dash-files/objects/upload-url`, { token: owner, body: { path: 'a.pdf' } })
    const refused = await fetch(pdf.body.url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: '%PDF' })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ statusCode: '415', message: 'mime type application/pdf is not supported' })

    const top = await tp.call('POST', `${base()}/buckets/dash-files/objects/list`, { token: reader, body: {} })
    expect(top.body).toEqual([expect.objectContaining({ name: 'notes', id: null })])
    const notes = await tp.call('POST', `${base()}/buckets/dash-files/objects/list`, { token: reader, body: { prefix: 'notes' } })
    expect(notes.body).toEqual([expect.objectContaining({ name: 'hello world.txt', metadata: expect.objectContaining({ size: 24, mimetype: 'text/plain' }) })])

    const signed = await tp.call('POST', `${base()}/buckets/dash-files/objects/sign`, { token: reader, body: { path: 'notes/hello world.txt', expires_in: 60, download: true } })
    expect(signed.status).toBe(200)
    const got = await fetch(signed.body.url)
    expect(await got.text()).toBe('hello from the dashboard')
    expect(got.headers.get('content-disposition')).toContain('attachment')

    // A Read-only member looks, and changes nothing.
    expect((await tp.call('POST', `${base()}/buckets/dash-files/objects/upload-url`, { token: reader, body: { path: 'x.txt' } })).status).toBe(403)
    expect((await tp.call('DELETE', `${base()}/buckets/dash-files/objects`, { token: reader, body: { paths: ['notes/hello world.txt'] } })).status).toBe(403)

    const second = await tp.call('POST', `${base()}/buckets/dash-files/objects/upload-url`, { token: owner, body: { path: 'archive/taken.txt' } })
    expect((await fetch(second.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'taken' })).status).toBe(200)
    const taken = await tp.call('POST', `${base()}/buckets/dash-files/objects/move`, { token: owner, body: { from: 'notes/hello world.txt', to: 'archive/taken.txt' } })
    expect(taken).toMatchObject({ status: 409, body: { message: 'A file of that name is already there: choose another name, or delete that one first.' } })
    const moved = await tp.call('POST', `${base()}/buckets/dash-files/objects/move`, { token: owner, body: { from: 'notes/hello world.txt', to: 'archive/hello.txt' } })
    expect(moved.status).toBe(204)
    const gone = await tp.call('POST', `${base()}/buckets/dash-files/objects/move`, { token: owner, body: { from: 'notes/hello world.txt', to: 'b.txt' } })
    expect(gone).toMatchObject({ status: 404, body: { message: 'That file is no longer there: it was moved or deleted.' } })
    expect((await tp.call('POST', `${base()}/buckets/dash-files/objects/move`, { token: owner, body: { from: 'archive/hello.txt', to: '../escape.txt' } })).status).toBe(400)

    const busy = await tp.call('DELETE', `${base()}/buckets/dash-files`, { token: owner })
    expect(busy).toMatchObject({ status: 409, body: { message: 'The bucket “dash-files” still holds files: empty it first.' } })
    const removed = await tp.call('DELETE', `${base()}/buckets/dash-files/objects`, { token: owner, body: { paths: ['archive/hello.txt', 'archive/taken.txt', 'never/was.txt'] } })
    expect(removed).toMatchObject({ status: 200, body: { removed: 2 } })
    expect((await admin.storage.from('dash-files').download('archive/hello.txt')).error).not.toBeNull()
  })

  it('empties and deletes a bucket, its bytes with it', async () => {
    const upload = await tp.call('POST', `${base()}/buckets/dash-files/objects/upload-url`, { token: owner, body: { path: 'left.txt' } })
    expect((await fetch(upload.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'left behind' })).status).toBe(200)
    const bytesBefore = (await tp.platform.db.query('select 1 from storage_versions where project_ref = $1', [ref])).length
    expect((await tp.call('POST', `${base()}/buckets/dash-files/empty`, { token: owner })).status).toBe(200)
    expect((await tp.platform.db.query('select 1 from storage_versions where project_ref = $1', [ref])).length).toBe(bytesBefore - 1)
    expect((await tp.call('DELETE', `${base()}/buckets/dash-files`, { token: owner })).status).toBe(204)
    expect((await tp.call('GET', `${base()}/buckets`, { token: owner })).body.map((b: { id: string }) => b.id)).not.toContain('dash-files')
    expect((await tp.call('DELETE', `${base()}/buckets/dash-files`, { token: owner })).body.message).toBe('This project has no bucket named “dash-files”.')
  })
})
