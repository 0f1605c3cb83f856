// The platform API over HTTP, as a user would call it: sign up, profile, organization, project,
// and the SQL endpoint. Node's fetch keeps connections alive, as a browser would.
import { sleep } from './util.mjs'

export const PASSWORD = 'correct horse battery staple'

export async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  let json
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 500)}`)
  return json
}

/**
 * Signs up a fresh user with a profile and an organization on the Pro plan (the Free plan allows
 * too few active projects for §4). Answers { email, token, org }.
 */
export async function signUpWithOrganization(base, tag) {
  const email = `bench-${tag}-${Date.now()}@example.com`
  const session = await call(base, 'POST', '/auth/v1/signup', { body: { email, password: PASSWORD } })
  const token = session?.access_token
  if (!token) throw new Error(`sign-up answered no access_token: ${JSON.stringify(session).slice(0, 300)}`)
  await call(base, 'POST', '/api/platform/profile', { token })
  const org = await call(base, 'POST', '/api/platform/organizations', { token, body: { name: `Bench ${tag}` } })
  await call(base, 'PUT', `/api/platform/organizations/${org.slug}/billing/subscription`, { token, body: { tier: 'tier_pro' } })
  return { email, token, org }
}

/** Signs up a fresh user and creates profile, organization and one project; waits until active. */
export async function setUpProject(base, { tag, timeoutMs = 120_000 }) {
  const { email, token, org } = await signUpWithOrganization(base, tag)
  const created = await call(base, 'POST', '/api/platform/projects', { token, body: { name: `bench-${tag}`, organization_slug: org.slug } })
  const ref = created.ref
  const started = performance.now()
  const deadline = Date.now() + timeoutMs
  let project = created
  while (project.status !== 'ACTIVE_HEALTHY') {
    if (project.status === 'INIT_FAILED') throw new Error(`project ${ref} failed to provision: ${project.status_message}`)
    if (Date.now() > deadline) throw new Error(`project ${ref} still ${project.status} after ${timeoutMs / 1000} s`)
    await sleep(100)
    project = await call(base, 'GET', `/api/platform/projects/${ref}`, { token })
  }
  return { email, password: PASSWORD, token, orgSlug: org.slug, ref, project, provisionMs: performance.now() - started }
}

/** Runs SQL through the API; answers the parsed JSON (rows of the last statement by default). */
export async function apiQuery(base, token, ref, query, { all = false, encoding } = {}) {
  const res = await fetch(`${base}/api/platform/pg-meta/${ref}/query${all ? '?results=all' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    body: JSON.stringify({ query }),
  })
  if (!res.ok) throw new Error(`SQL API ${res.status}: ${(await res.text()).slice(0, 500)}`)
  return res.json()
}
