import { expect, test } from '@playwright/test'
import { PASSWORD, uniqueEmail } from './helpers'

/**
 * A project's data API through the production server: Next rewrites {site}/p/{ref}/rest/v1 to the
 * platform, which proxies to the project's PostgREST; the anon key reads, a browser page of
 * another origin may call it (CORS), and a request without a key is refused.
 */
test('the data API at {site}/p/{ref}/rest/v1, as supabase-js calls it', async ({ request, baseURL }) => {
  const signup = await request.post('/auth/v1/signup', { data: { email: uniqueEmail('data-api'), password: PASSWORD } })
  expect(signup.status()).toBe(200)
  const headers = { Authorization: `Bearer ${(await signup.json()).access_token}` }
  expect((await request.post('/api/platform/profile', { headers })).ok()).toBe(true)
  const org = await (await request.post('/api/platform/organizations', { headers, data: { name: 'Data API org' } })).json()
  const created = await request.post('/api/platform/projects', { headers, data: { name: 'REST project', organization_slug: org.slug } })
  expect(created.status()).toBe(201)
  const { ref } = await created.json()
  await expect
    .poll(async () => (await (await request.get(`/api/platform/projects/${ref}`, { headers })).json()).status, { timeout: 120_000 })
    .toBe('ACTIVE_HEALTHY')
  const sql = await request.post(`/api/platform/pg-meta/${ref}/query`, {
    headers,
    data: { query: `create table todos (id serial primary key, title text); insert into todos (title) values ('through Next')` },
  })
  expect(sql.status()).toBe(200)

  const settings = await (await request.get(`/api/platform/projects/${ref}/api-settings`, { headers })).json()
  expect(settings.rest_url).toBe(`${baseURL}/p/${ref}/rest/v1`)
  const rows = await request.get(`${settings.rest_url}/todos?select=title`, { headers: { apikey: settings.anon_key } })
  expect(rows.status()).toBe(200)
  expect(rows.headers()['access-control-allow-origin']).toBe('*')
  expect(await rows.json()).toEqual([{ title: 'through Next' }])
  const preflight = await request.fetch(`${settings.rest_url}/todos`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'apikey' },
  })
  expect(preflight.status()).toBe(204)
  const refused = await request.get(`${settings.rest_url}/todos`)
  expect(refused.status()).toBe(401)
  expect((await refused.json()).message).toBe('No API key found in request')
})
