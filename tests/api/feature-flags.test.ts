// @vitest-environment node
/**
 * Feature flags over HTTP against the real platform: the public configuration with its ETag (200,
 * 304, 404 for a wrong key), operators' edits (service role only, garbage refused, every edit a new
 * ETag), evaluation for the signed-in user, the SDK key from the environment and the flags file.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FLAG_RULE_USERS_MAX, type FlagConfig } from '@/lib/api-types'
import { signServiceToken } from '@/server/auth/jwt'
import { readConfig } from '@/server/config'
import { asEngineAdmin, engineUrl, startTestPlatform, testConfig, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
let service: string
let sdkKey: string

beforeAll(async () => {
  tp = await startTestPlatform()
  service = await signServiceToken(tp.platform.jwtSecret, 3600)
  sdkKey = (await tp.call('GET', '/config')).body.featureFlagsSdkKey
})
afterAll(async () => tp?.close())

/** GET of the configuration, optionally naming the version held. */
async function getConfig(key = sdkKey, ifNoneMatch?: string) {
  const res = await fetch(`${tp.url}/flags/${encodeURIComponent(key)}/config.json`, { headers: ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {} })
  const text = await res.text()
  return { status: res.status, etag: res.headers.get('etag'), headers: res.headers, text, body: text ? JSON.parse(text) : undefined }
}

const put = (key: string, body: unknown, token = service) => tp.call('PUT', `/platform/admin/feature-flags/${key}`, { token, body })

describe('the configuration', () => {
  it('is served under the SDK key of /api/config, with an ETag and the seeded flags', async () => {
    expect(sdkKey).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    const res = await getConfig()
    expect(res.status).toBe(200)
    expect(res.etag).toMatch(/^"\d+-[0-9a-f]+"$/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const config = res.body as FlagConfig
    expect(config.flags).toMatchObject({
      clockSkewBanner: { value: true },
      ongoingIncident: { value: false },
      noticeBanner: { value: false },
      functionsAssistantV2: { value: false },
    })
  })

  it('answers 304 with no body while the ETag is current, in any of its spellings', async () => {
    const { etag } = await getConfig()
    for (const spelling of [etag!, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await getConfig(sdkKey, spelling)
      expect(res.status).toBe(304)
      expect(res.text).toBe('')
      expect(res.etag).toBe(etag)
    }
    expect((await getConfig(sdkKey, '"0-000000000000"')).status).toBe(200)
  })

  it('answers 404 for a key that is not the platform’s, saying so', async () => {
    for (const key of ['sdk-not-the-right-key-at-all', 'x', `${sdkKey}x`]) {
      const res = await getConfig(key)
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('There is no flag configuration for this SDK key.')
    }
  })

  it('gets a new ETag with every edit, and the old one no longer answers 304', async () => {
    const before = await getConfig()
    expect((await put('noticeBanner', { value: 'Maintenance on Sunday' })).status).toBe(200)
    const after = await getConfig(sdkKey, before.etag!)
    expect(after.status).toBe(200)
    expect(after.etag).not.toBe(before.etag)
    expect(after.body.flags.noticeBanner).toEqual({ value: 'Maintenance on Sunday', rules: [] })
    // The same setting written again is still an edit: clients are told to look.
    expect((await put('noticeBanner', { value: 'Maintenance on Sunday' })).status).toBe(200)
    expect((await getConfig(sdkKey, after.etag!)).status).toBe(200)

    const deleted = await tp.call('DELETE', '/platform/admin/feature-flags/noticeBanner', { token: service })
    expect(deleted).toMatchObject({ status: 200, body: { key: 'noticeBanner', deleted: true } })
    const gone = await getConfig(sdkKey, after.etag!)
    expect(gone.status).toBe(200)
    expect(gone.body.flags.noticeBanner).toBeUndefined()
    expect((await tp.call('DELETE', '/platform/admin/feature-flags/noticeBanner', { token: service })).status).toBe(404)
    await put('noticeBanner', { value: false })
  })
})

describe('evaluation for a user', () => {
  it('gives the targeted users the rule’s value and everybody else the default; the public configuration names nobody', async () => {
    const alice = await tp.signUp()
    const bob = await tp.signUp()
    const rules = [{ userIds: [alice.userId.toUpperCase()], value: true }]
    expect((await put('functionsAssistantV2', { value: false, rules })).body).toMatchObject({ key: 'functionsAssistantV2', rules: [{ userIds: [alice.userId] }] })

    const forAlice = await tp.call('GET', '/platform/telemetry/feature-flags', { token: alice.token })
    const forBob = await tp.call('GET', '/platform/telemetry/feature-flags', { token: bob.token })
    expect(forAlice.status).toBe(200)
    expect(forAlice.body).toMatchObject({ functionsAssistantV2: true, clockSkewBanner: true })
    expect(forBob.body).toMatchObject({ functionsAssistantV2: false })
    expect((await tp.call('GET', '/platform/telemetry/feature-flags')).status).toBe(401)

    const { body, text } = await getConfig()
    expect(text).not.toContain(alice.userId)
    const hash = createHash('sha256').update(`${body.salt}:${alice.userId}`).digest('hex')
    expect(body.flags.functionsAssistantV2.rules).toEqual([{ userIdHashes: [hash], value: true }])
    await put('functionsAssistantV2', { value: false })
  })
})

describe('operators’ edits', () => {
  it('are the service role’s alone', async () => {
    const user = await tp.signUp()
    expect((await put('ongoingIncident', { value: true }, user.token)).status).toBe(403)
    expect((await tp.call('PUT', '/platform/admin/feature-flags/ongoingIncident', { body: { value: true } })).status).toBe(401)
    expect((await tp.call('GET', '/platform/admin/feature-flags', { token: user.token })).status).toBe(403)
    expect((await tp.call('DELETE', '/platform/admin/feature-flags/ongoingIncident', { token: user.token })).status).toBe(403)
    const list = await tp.call('GET', '/platform/admin/feature-flags', { token: service })
    expect(list.status).toBe(200)
    expect(list.body.flags.find((f: { key: string }) => f.key === 'ongoingIncident')).toMatchObject({ value: false, rules: [] })
  })

  it.each([
    ['a key that is not a name', '1-not-a-name', { value: true }, /key must start with a letter/],
    ['a key too long', `k${'x'.repeat(64)}`, { value: true }, /key must start with a letter/],
    ['no value', 'someFlag', {}, /value/],
    ['an object for a value', 'someFlag', { value: { on: true } }, /value must be true, false or a text/],
    ['a number for a value', 'someFlag', { value: 1 }, /value must be true, false or a text/],
    ['a text too long', 'someFlag', { value: 'x'.repeat(501) }, /500 characters at most/],
    ['a rule of another kind than the value', 'someFlag', { value: false, rules: [{ userIds: ['00000000-0000-4000-8000-000000000002'], value: 'on' }] }, /same kind/],
    ['a rule naming no user', 'someFlag', { value: false, rules: [{ userIds: [], value: true }] }, /at least one user id/],
    ['a user id that is not one', 'someFlag', { value: false, rules: [{ userIds: ['bob'], value: true }] }, /must be a UUID/],
    ['an unknown field', 'someFlag', { value: true, enabled: true }, /enabled/],
    ['a NUL in a text', 'someFlag', { value: 'a\u0000b' }, /NUL/],
  ])('refuse %s with a 400 that says why', async (_, key, body, message) => {
    const before = await getConfig()
    const res = await put(key, body)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(message)
    expect((await getConfig(sdkKey, before.etag!)).status).toBe(304)
  })

  it('refuse bodies that are not JSON, or too large', async () => {
    expect((await tp.call('PUT', '/platform/admin/feature-flags/someFlag', { token: service, rawBody: '{"value": tru' })).status).toBe(400)
    const ids = Array.from({ length: FLAG_RULE_USERS_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
    const many = await put('someFlag', { value: false, rules: [{ userIds: ids, value: true }] })
    expect(many.status).toBe(400)
    expect(many.body.message).toMatch(/1000 user ids at most/)
    const huge = await put('someFlag', { value: false, rules: Array.from({ length: 40 }, () => ({ userIds: ids.slice(0, 1000), value: true })) })
    expect(huge.status).toBe(413)
  })

  it('made at once all land, each with its own revision', async () => {
    const before = (await tp.call('GET', '/platform/admin/feature-flags', { token: service })).body.revision
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => put(`parallel${i}`, { value: i % 2 === 0 })))
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    const after = (await tp.call('GET', '/platform/admin/feature-flags', { token: service })).body
    expect(after.revision).toBe(before + 8)
    expect(after.flags.filter((f: { key: string }) => f.key.startsWith('parallel'))).toHaveLength(8)
  })
})

it('work in self-hosted mode too, evaluated for its one local user', async () => {
  const local = await startTestPlatform({ isPlatform: false })
  try {
    const key = (await local.call('GET', '/config')).body.featureFlagsSdkKey
    expect((await fetch(`${local.url}/flags/${key}/config.json`)).status).toBe(200)
    expect((await local.call('GET', '/platform/telemetry/feature-flags')).body).toMatchObject({ clockSkewBanner: true, ongoingIncident: false })
  } finally {
    await local.close()
  }
})

describe('configured by the operator', () => {
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flags-file-'))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('serves under FEATURE_FLAGS_SDK_KEY and applies FEATURE_FLAGS_FILE at start', async () => {
    const file = path.join(dir, 'flags.json')
    fs.writeFileSync(file, JSON.stringify({ flags: { ongoingIncident: { value: 'Queries are slow in eu-west-1' }, newThing: { value: true } } }))
    const previous = { key: process.env.FEATURE_FLAGS_SDK_KEY, file: process.env.FEATURE_FLAGS_FILE }
    process.env.FEATURE_FLAGS_SDK_KEY = 'operator-chosen-key-0001'
    process.env.FEATURE_FLAGS_FILE = file
    let flags
    try {
      flags = readConfig().flags
    } finally {
      for (const [name, value] of [['FEATURE_FLAGS_SDK_KEY', previous.key], ['FEATURE_FLAGS_FILE', previous.file]] as const)
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
    }
    const other = await startTestPlatform({ flags })
    try {
      expect((await other.call('GET', '/config')).body.featureFlagsSdkKey).toBe('operator-chosen-key-0001')
      const res = await fetch(`${other.url}/flags/operator-chosen-key-0001/config.json`)
      const config = (await res.json()) as FlagConfig
      expect(config.flags.ongoingIncident.value).toBe('Queries are slow in eu-west-1')
      expect(config.flags.newThing.value).toBe(true)
      expect(config.flags.clockSkewBanner.value).toBe(true)
    } finally {
      await other.close()
    }
  })

  it('stops the start with a message naming what is wrong in the file', () => {
    const file = path.join(dir, 'bad.json')
    fs.writeFileSync(file, JSON.stringify({ flags: { noticeBanner: { value: 42 } } }))
    process.env.FEATURE_FLAGS_FILE = file
    try {
      expect(() => readConfig()).toThrow(`FEATURE_FLAGS_FILE ${file} is not valid: flags.noticeBanner.value: value must be true, false or a text`)
      fs.writeFileSync(file, '{ not json')
      expect(() => readConfig()).toThrow(/is not valid JSON/)
      process.env.FEATURE_FLAGS_FILE = path.join(dir, 'missing.json')
      expect(() => readConfig()).toThrow(/cannot be read/)
    } finally {
      delete process.env.FEATURE_FLAGS_FILE
    }
  })

  it('writes only the flags that differ, so a restart changes no ETag', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flags-restart-'))
    // Both starts open one control plane: a database of its own on the run's server.
    const controlPlane = `cp_flags_${Date.now()}`
    await asEngineAdmin((c) => c.query(`create database ${controlPlane}`))
    const file = { path: 'flags.json', flags: { noticeBanner: { value: 'Hello', rules: [] } } }
    const { createPlatform, closePlatform } = await import('@/server/platform')
    const config = testConfig(dataDir, {
      platformDatabaseUrl: engineUrl(controlPlane),
      projectDbServers: `*=${engineUrl()}`,
      flags: { ...testConfig(dataDir).flags, file },
    })
    const first = await createPlatform(config)
    const revision = async (p: typeof first) => Number((await p.db.query<{ revision: string }>('select revision from feature_flags_revision'))[0].revision)
    const afterFirst = await revision(first)
    await closePlatform(first)
    const second = await createPlatform(config)
    try {
      expect(await revision(second)).toBe(afterFirst)
    } finally {
      await closePlatform(second)
      await asEngineAdmin((c) => c.query(`drop database if exists ${controlPlane} with (force)`))
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
