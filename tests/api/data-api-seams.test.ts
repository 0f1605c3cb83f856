// @vitest-environment node
/**
 * The data API's seams, as an attacker tries them: PostgREST answers on the platform's own origin,
 * so what a project's SQL makes it answer must not reach the dashboard's cookies or run as a page
 * there; a token signed with the project's secret cannot take a role beyond the API's three.
 */
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, rowsOf } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`data API seams: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let ref: string
    let anon: string

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
      const created = await ownerWithOrg(tp, 'Seams Org')
      owner = created.token
      ref = await activeProject(tp, owner, created.org.slug)
      anon = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body.anon_key
      // A function any visitor may call with the anon key (a plain GET link, key in the query),
      // answering headers of the project owner's choice.
      await rowsOf(
        tp,
        owner,
        ref,
        `create function public.page() returns text language plpgsql as $$ begin
           perform set_config('response.headers', '[{"Set-Cookie": "sb-access-token=attacker; Path=/"}, {"Content-Type": "text/html"}, {"Content-Security-Policy": "default-src *"}, {"Access-Control-Allow-Origin": "https://evil.example"}, {"Access-Control-Allow-Credentials": "true"}]', true);
           return '<script>alert(document.cookie)</script>';
         end $$`
      )
    })
    afterAll(() => stop())

    it("does not let a project's SQL set cookies on the platform's origin or answer a page that runs there", async () => {
      const res = await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/page?apikey=${anon}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    })

    it("refuses a token of the project's secret naming a role beyond anon, authenticated and service_role", async () => {
      const secret = (await tp.platform.db.query<{ jwt_secret: string }>('select jwt_secret from project_api_settings where project_ref = $1', [ref]))[0].jwt_secret
      // (`authenticator` itself is let through by PostgreSQL, a session may always be its own user: it
      // holds nothing of its three roles' rights, being NOINHERIT, so it is less than service_role.)
      for (const role of [`p_${ref}`, 'postgres', 'pg_read_all_data', 'pg_write_all_data', 'pg_signal_backend']) {
        const token = await new SignJWT({ role }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret))
        const res = await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/page`, { headers: { apikey: anon, Authorization: `Bearer ${token}` } })
        expect({ role, status: res.status, body: await res.text() }).toMatchObject({ role, status: expect.toSatisfy((s: number) => s === 401 || s === 403) })
      }
    })
  })
}
