// @vitest-environment node
/**
 * The data API against the real platform: a project's keys are JWTs of its own secret, the
 * settings by role, and PostgREST behind {site}/p/{ref}/rest/v1 — one process per project, on
 * loopback only, reached with this project's keys only.
 */
import { decodeJwt, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`data API: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let ref: string
    const tokens = {} as Record<'Admin' | 'Developer' | 'Read-only', string>

    const settings = (token = owner, reveal = false) => tp.call('GET', `/platform/projects/${ref}/api-settings${reveal ? '?reveal=true' : ''}`, { token })
    const secretOf = async (r = ref) => (await tp.platform.db.query<{ jwt_secret: string }>('select jwt_secret from project_api_settings where project_ref = $1', [r]))[0].jwt_secret

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
      const created = await ownerWithOrg(tp, 'Data API Org')
      owner = created.token
      ref = await activeProject(tp, owner, created.org.slug)
      for (const role of ['Admin', 'Developer', 'Read-only'] as const) tokens[role] = await memberOf(tp, created.org.id, role)
    })
    afterAll(() => stop())

    describe('keys and settings', () => {
      it("answers the project's URL and keys: HS256 JWTs of the project's own secret, never the platform's", async () => {
        const res = await settings(owner, true)
        expect(res.status).toBe(200)
        expect(res.body.url).toBe(`${tp.url}/p/${ref}`)
        expect(res.body.rest_url).toBe(`${tp.url}/p/${ref}/rest/v1`)
        expect(res.body.data_api).toEqual({ enabled: true, schemas: ['public'], max_rows: 1000 })
        expect(res.body.jwt_secret_rotated_at).toBeNull()
        const secret = new TextEncoder().encode(await secretOf())
        for (const [key, role] of [
          [res.body.anon_key, 'anon'],
          [res.body.service_role_key, 'service_role'],
        ]) {
          const { payload, protectedHeader } = await jwtVerify(key, secret)
          expect(protectedHeader.alg).toBe('HS256')
          expect(payload).toMatchObject({ role, ref, iss: 'supaboard' })
          expect(payload.exp! - payload.iat!).toBeGreaterThan(10 * 365 * 24 * 3600)
          await expect(jwtVerify(key, tp.platform.jwtSecret)).rejects.toThrow()
        }
        // The same keys at every read.
        expect((await settings(owner, true)).body).toEqual(res.body)
      })

      it('shows every member the anon key; reveals the service key to Owner, Admin and Developer only', async () => {
        for (const role of ['Admin', 'Developer'] as const) {
          const res = await settings(tokens[role], true)
          expect(res.status).toBe(200)
          expect(decodeJwt(res.body.service_role_key).role).toBe('service_role')
        }
        const reader = await settings(tokens['Read-only'])
        expect(reader.status).toBe(200)
        expect(reader.body.service_role_key).toBeNull()
        expect(decodeJwt(reader.body.anon_key).role).toBe('anon')
        const refused = await settings(tokens['Read-only'], true)
        expect(refused.status).toBe(403)
        expect(refused.body.message).toContain('service_role key')
      })

      it('changes the data API settings for Owner, Admin and Developer; refuses unknown and system schemas and out-of-range limits', async () => {
        const patch = (body: unknown, token = owner) => tp.call('PATCH', `/platform/projects/${ref}/api-settings`, { token, body })
        expect((await patch({ data_api: { max_rows: 10 } }, tokens['Read-only'])).status).toBe(403)
        const res = await patch({ data_api: { max_rows: 50 } }, tokens.Developer)
        expect(res.status).toBe(200)
        expect(res.body.data_api).toEqual({ enabled: true, schemas: ['public'], max_rows: 50 })
        expect(res.body.service_role_key).toBeNull()
        expect((await patch({ data_api: { max_rows: 0 } })).status).toBe(400)
        expect((await patch({ data_api: { max_rows: 100_001 } })).status).toBe(400)
        const missing = await patch({ data_api: { schemas: ['public', 'nope'] } })
        expect(missing.status).toBe(400)
        expect(missing.body.message).toContain('nope')
        expect((await patch({ data_api: { schemas: ['pg_catalog'] } })).status).toBe(400)
        expect((await patch({ data_api: { schemas: ['information_schema'] } })).status).toBe(400)
        expect((await patch({ data_api: { max_rows: 1000 } }, tokens.Admin)).body.data_api.max_rows).toBe(1000)
      })

      it('rotates the JWT secret for Owner and Admin only: new keys, the rotation time, the service key not shown', async () => {
        const before = (await settings()).body
        for (const role of ['Developer', 'Read-only'] as const)
          expect((await tp.call('POST', `/platform/projects/${ref}/api-settings/rotate-jwt-secret`, { token: tokens[role] })).status).toBe(403)
        const res = await tp.call('POST', `/platform/projects/${ref}/api-settings/rotate-jwt-secret`, { token: tokens.Admin })
        expect(res.status).toBe(200)
        expect(res.body.anon_key).not.toBe(before.anon_key)
        expect(res.body.service_role_key).toBeNull()
        expect(res.body.jwt_secret_rotated_at).not.toBeNull()
        await jwtVerify(res.body.anon_key, new TextEncoder().encode(await secretOf()))
        await expect(jwtVerify(before.anon_key, new TextEncoder().encode(await secretOf()))).rejects.toThrow()
      })
    })
  })
}
