// @vitest-environment node
/**
 * A health check's answer describes the project as it was read: when a restore (or any other
 * transition) runs and ends while the probe is out, the answer must not overwrite what the
 * transition left. Before, a probe refused by a database being restored made the freshly restored
 * project UNKNOWN, and a backup right after the restore answered 409.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { checkHealth } from '@/server/projects/health'
import { asEngineAdmin, NO_BACKGROUND_PASSES, settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

describe('a health check that overlaps a transition', () => {
  let tp: TestPlatform
  let ref: string
  let token: string

  const status = async () => (await tp.platform.db.query<{ status: string }>('select status from projects where ref = $1', [ref]))[0].status

  /** The probe: a restore starts and ends while it is out (as the restore writes it), then it fails as given. */
  const probeDuringRestore = (failure: Error) =>
    vi.spyOn(tp.platform.databases, 'version').mockImplementation(async () => {
      await tp.platform.db.query(`update projects set status = 'RESTORING', updated_at = now() where ref = $1`, [ref])
      await tp.platform.db.query(`update projects set status = 'ACTIVE_HEALTHY', updated_at = now() where ref = $1`, [ref])
      throw failure
    })

  beforeAll(async () => {
    tp = await startTestPlatform(NO_BACKGROUND_PASSES)
    const user = await tp.signUp()
    token = user.token
    await tp.call('POST', '/platform/profile', { token: user.token })
    const org = (await tp.call('POST', '/platform/organizations', { token: user.token, body: { name: 'Race' } })).body
    ref = (await tp.call('POST', '/platform/projects', { token: user.token, body: { name: 'Raced', organization_slug: org.slug } })).body.ref
    await settle(tp.platform)
    expect(await status()).toBe('ACTIVE_HEALTHY')
  })

  afterAll(async () => tp?.close())

  it('leaves the restored project healthy when the probe could not tell (it would have been UNKNOWN)', async () => {
    probeDuringRestore(new Error('database "p_x" is not currently accepting connections'))
    await checkHealth(tp.platform)
    expect(await status()).toBe('ACTIVE_HEALTHY')
  })

  it('leaves a project healthy while the platform has closed its database for a copy (a backup, a branch), and its SQL says so', async () => {
    // A backup closes the database while it copies it, and the project's row does not change. The
    // probe of a server goes through one of its projects' databases: before, a refusal there made
    // that project, and every healthy project on the server, UNKNOWN until the next check, and a
    // backup or a restore asked meanwhile answered 409.
    const allow = (open: boolean) => asEngineAdmin((c) => c.query(`alter database ${`p_${ref}`} allow_connections ${open}`))
    await allow(false)
    await tp.platform.databases.endPools([(await tp.platform.db.query<{ url: string }>(`select db_location->>'url' as url from projects where ref = $1`, [ref]))[0].url])
    try {
      await checkHealth(tp.platform)
      expect(await status()).toBe('ACTIVE_HEALTHY')
      // SQL meanwhile says what is going on, in words, not only Postgres' "not currently accepting connections".
      const sql = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query: 'select 1' } })
      expect(sql.status).toBe(400)
      expect(sql.body.message).toMatch(/^The project's database is closed for a moment while the platform copies it \(a backup or a new branch\)\. Try again in a few seconds\./)
      expect(sql.body.pg).toMatchObject({ code: '55000' })
      expect(await status()).toBe('ACTIVE_HEALTHY')
      // A project already marked stays as it was: a closed database tells nothing new.
      await tp.platform.db.query(`update projects set status = 'UNKNOWN' where ref = $1`, [ref])
      await checkHealth(tp.platform)
      expect(await status()).toBe('UNKNOWN')
    } finally {
      await allow(true)
    }
    await checkHealth(tp.platform)
    expect(await status()).toBe('ACTIVE_HEALTHY')
  })

  it('still marks a project whose database fails while nothing else changes it', async () => {
    vi.spyOn(tp.platform.databases, 'version').mockRejectedValue(new Error('something unexpected'))
    await checkHealth(tp.platform)
    expect(await status()).toBe('UNKNOWN')
  })
})
