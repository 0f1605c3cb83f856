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
    const rest = (path: string, headers: Record<string, string> = {}) => fetch(`${tp.url}/p/${ref}/rest/v1${path}`, { headers: { apikey: anon, ...headers } })

    it("does not let a project's SQL set cookies on the platform's origin or answer a page that runs there", async () => {
      const res = await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/page?apikey=${anon}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    })

    it("passes on only the headers an application reads: none a project's SQL sets for the platform's origin", async () => {
      await rowsOf(
        tp,
        owner,
        ref,
        `create function public.answer_headers(kind text) returns text language plpgsql as $$ begin
           perform set_config('response.status', case kind when 'redirect' then '302' when 'prompt' then '401' else '200' end, true);
           perform set_config('response.headers', '[{"Location": "https://evil.example/"}, {"WWW-Authenticate": "Basic realm=\\"dashboard\\""},
             {"Clear-Site-Data": "\\"*\\""}, {"Link": "<https://evil.example/x.css>; rel=stylesheet"}, {"Service-Worker-Allowed": "/"},
             {"X-Frame-Options": "ALLOWALL"}, {"Refresh": "0; url=https://evil.example/"}, {"Cache-Control": "no-store"}]', true);
           return kind;
         end $$;
         create table public.made (id serial primary key, note text);
         grant insert, select on public.made to anon; grant usage on sequence made_id_seq to anon`
      )
      // PostgREST reloads its schema cache after the run, in a moment.
      await expect
        .poll(async () => (await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/answer_headers`, { method: 'POST', headers: { apikey: anon, 'Content-Type': 'application/json' }, body: '{"kind":"plain"}' })).status, { timeout: 10_000 })
        .toBe(200)
      for (const kind of ['redirect', 'prompt', 'plain']) {
        const res = await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/answer_headers`, {
          method: 'POST',
          redirect: 'manual',
          headers: { apikey: anon, 'Content-Type': 'application/json' },
          body: JSON.stringify({ kind }),
        })
        for (const name of ['location', 'www-authenticate', 'clear-site-data', 'link', 'service-worker-allowed', 'x-frame-options', 'refresh'])
          expect(res.headers.get(name), `${kind}: ${name}`).toBeNull()
        expect(res.headers.get('cache-control'), `${kind}: ${res.status}`).toBe('no-store')
      }
      // PostgREST's own Location of a created row still goes through, and its Content-Range (once
      // its schema cache has the table too).
      // (Polled on the insert itself: a reload PostgREST began before the table existed can finish
      // after one that has it, and the table is briefly unknown again. Only a 201 inserts a row.)
      let created = new Response()
      await expect
        .poll(
          async () => {
            created = await fetch(`${tp.url}/p/${ref}/rest/v1/made`, {
              method: 'POST',
              headers: { apikey: anon, 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
              body: JSON.stringify({ note: 'x' }),
            })
            return created.status
          },
          { timeout: 10_000 }
        )
        .toBe(201)
      expect(created.headers.get('location')).toBe('/made?id=eq.1')
      const counted = await rest('/made?select=id', { Prefer: 'count=exact' })
      expect(counted.headers.get('content-range')).toBe('0-0/1')
    })

    it('refuses a token at its exp (PostgREST alone would take it 30 s longer)', async () => {
      const secret = (await tp.platform.db.query<{ jwt_secret: string }>('select jwt_secret from project_api_settings where project_ref = $1', [ref]))[0].jwt_secret
      const token = (exp: number) => new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(new TextEncoder().encode(secret))
      const now = Math.floor(Date.now() / 1000)
      const expired = await rest('/made', { Authorization: `Bearer ${await token(now - 5)}` })
      expect(expired.status).toBe(401)
      expect(await expired.json()).toMatchObject({ code: 'PGRST301', message: 'JWT expired' })
      expect((await rest('/made', { Authorization: `Bearer ${await token(now + 60)}` })).status).toBe(200)
    })

    it('refuses a NUL character in the path or the query with 400, as every route does', async () => {
      for (const target of ['/made%00', '/made?note=eq.%00', '/rpc/answer_headers%00x'])
        expect((await rest(target)).status, target).toBe(400)
      expect(((await (await rest('/made%00')).json()) as { message: string }).message).toContain('NUL character')
      expect((await rest('/made')).status).toBe(200)
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

    it('refuses an unsigned token, a platform user token and a key of another project in Authorization', async () => {
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ role: 'service_role', ref })).toString('base64url')}.`
      const user = await tp.signUp()
      const created = await ownerWithOrg(tp, 'Seams Other Org')
      const otherRef = await activeProject(tp, created.token, created.org.slug)
      const otherService = (await tp.call('GET', `/platform/projects/${otherRef}/api-settings?reveal=true`, { token: created.token })).body.service_role_key
      for (const bearer of [unsigned, user.token, otherService]) expect((await rest('/rpc/page', { Authorization: `Bearer ${bearer}` })).status).toBe(401)
      // …nor as the apikey itself.
      for (const key of [unsigned, user.token, otherService]) expect((await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/page`, { headers: { apikey: key } })).status).toBe(401)
      // Two apikey headers are one unreadable key.
      expect((await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/page`, { headers: [['apikey', anon], ['apikey', otherService]] })).status).toBe(401)
    })

    it("serves neither the catalog, the server's files nor another path than the project's", async () => {
      expect((await rest('/pg_roles', { 'Accept-Profile': 'pg_catalog' })).status).toBe(406)
      expect((await rest('/rpc/pg_read_file?filename=postgresql.conf')).status).toBe(404)
      expect((await rest('/rpc/pg_terminate_backend?pid=1')).status).toBe(404)
      expect((await rest('/rpc/set_config?setting_name=role&new_value=service_role&is_local=false')).status).toBe(404)
      // Dot segments and encoded slashes stay below this project's /rest/v1, or are not a data API path.
      for (const path of ['/%2e%2e/%2e%2e/%2e%2e/platform/profile', '/..%2f..%2f..%2fplatform%2fprofile']) {
        const res = await rest(path)
        expect(res.status).not.toBe(200)
      }
      expect((await fetch(`${tp.url}/p/not-a-project/rest/v1/todos`, { headers: { apikey: anon } })).status).toBe(404)
    })

    it('refuses the old keys at once after the secret is rotated, in the apikey and in Authorization', async () => {
      const before = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
      expect((await rest('/rpc/page', { Authorization: `Bearer ${before.service_role_key}` })).status).toBe(200)
      expect((await tp.call('POST', `/platform/projects/${ref}/api-settings/rotate-jwt-secret`, { token: owner })).status).toBe(200)
      const after = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
      const res = await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/page`, { headers: { apikey: after.anon_key, Authorization: `Bearer ${before.service_role_key}` } })
      expect(res.status).toBe(401)
      expect((await fetch(`${tp.url}/p/${ref}/rest/v1/rpc/page`, { headers: { apikey: before.anon_key } })).status).toBe(401)
      anon = after.anon_key
    })
  })
}
