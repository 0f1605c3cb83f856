// @vitest-environment node
/**
 * Health that cannot be read is not health that is bad: a database server that takes the
 * connection but never answers makes its project UNKNOWN; one that refuses it makes it
 * ACTIVE_UNHEALTHY; both come back to ACTIVE_HEALTHY by themselves when it answers again.
 * The project's location is pointed at a stand-in server for the outage, then back.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

type Detail = { status: string; status_message: string | null }

/** A server that accepts connections and says nothing, ever. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

describe('a project whose health cannot be read', () => {
  let tp: TestPlatform
  let token: string
  let ref: string
  let realLocation: { url: string; serviceUrl?: string }

  const detail = async (): Promise<Detail> => (await tp.call('GET', `/platform/projects/${ref}`, { token })).body
  const pollStatus = () => expect.poll(async () => (await detail()).status, { timeout: 60_000, interval: 100 })
  /** Points the project's database at another port of this machine (same database, roles and passwords), as each of its logins. */
  const pointAt = async (port: number | null) => {
    const moved = { ...realLocation }
    for (const key of ['url', 'serviceUrl'] as const) {
      if (!moved[key]) continue
      const url = new URL(moved[key])
      if (port !== null) url.port = String(port)
      moved[key] = url.toString()
    }
    await tp.platform.db.query(`update projects set db_location = $2::jsonb where ref = $1`, [ref, JSON.stringify(moved)])
  }

  beforeAll(async () => {
    // A short wait for the answer: a silent server makes the health unknown sooner.
    tp = await startTestPlatform({ healthCheckIntervalMs: 200, healthCheckTimeoutMs: 500 })
    const user = await tp.signUp()
    await tp.call('POST', '/platform/profile', { token: user.token })
    token = user.token
    const org = (await tp.call('POST', '/platform/organizations', { token, body: { name: 'Health', tier: 'tier_pro' } })).body
    ref = (await tp.call('POST', '/platform/projects', { token, body: { name: 'Checked', organization_slug: org.slug, plan: 'pro' } })).body.ref
    await settle(tp.platform)
    const [row] = await tp.platform.db.query<{ db_location: typeof realLocation }>(`select db_location from projects where ref = $1`, [ref])
    realLocation = row.db_location
  })
  afterAll(async () => {
    if (realLocation) await pointAt(null)
    await tp?.close()
  })

  it('is UNKNOWN while its server says nothing, ACTIVE_UNHEALTHY once it refuses, and healthy again when it answers', async () => {
    expect((await detail()).status).toBe('ACTIVE_HEALTHY')
    const silent = await silentServer()
    await pointAt(silent.port)
    await pollStatus().toBe('UNKNOWN')
    const unknown = await detail()
    expect(unknown.status_message).toMatch(/did not answer its health check within 500 ms, so its health cannot be read/)
    // The SQL endpoint says why it does not run anything meanwhile.
    const sql = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query: 'select 1' } })
    expect(sql.status).toBe(409)
    expect(sql.body.message).toContain('health cannot be read')

    // The same port, now closed: the connection is refused, the database is down.
    await silent.close()
    await pollStatus().toBe('ACTIVE_UNHEALTHY')
    expect((await detail()).status_message).toMatch(/has not answered since/)

    await pointAt(null)
    await pollStatus().toBe('ACTIVE_HEALTHY')
    expect((await detail()).status_message).toBeNull()
  })

  it('comes back from UNKNOWN to ACTIVE_HEALTHY by itself', async () => {
    const silent = await silentServer()
    try {
      await pointAt(silent.port)
      await pollStatus().toBe('UNKNOWN')
      await pointAt(null)
      await pollStatus().toBe('ACTIVE_HEALTHY')
      expect((await detail()).status_message).toBeNull()
    } finally {
      await silent.close()
    }
  })
})

describe('SQL on a project whose health is unknown', () => {
  let tp: TestPlatform
  let token: string
  let ref: string

  beforeAll(async () => {
    // No scheduled check during the test: only the one it runs, and the SQL endpoint's own probe.
    tp = await startTestPlatform({ healthCheckIntervalMs: 600_000, healthCheckTimeoutMs: 500 })
    const user = await tp.signUp()
    await tp.call('POST', '/platform/profile', { token: user.token })
    token = user.token
    const org = (await tp.call('POST', '/platform/organizations', { token, body: { name: 'Health SQL', tier: 'tier_pro' } })).body
    ref = (await tp.call('POST', '/platform/projects', { token, body: { name: 'Probed', organization_slug: org.slug, plan: 'pro' } })).body.ref
    await settle(tp.platform)
  })
  afterAll(async () => tp?.close())

  it('probes the database first, and runs at once when it answers again', async () => {
    await tp.platform.db.query(`update projects set status = 'UNKNOWN', status_message = 'unknown for the test' where ref = $1`, [ref])
    const sql = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query: 'select 1 as one' } })
    expect(sql.status).toBe(200)
    expect(sql.body).toEqual([{ one: 1 }])
    const detail = (await tp.call('GET', `/platform/projects/${ref}`, { token })).body
    expect(detail).toMatchObject({ status: 'ACTIVE_HEALTHY', status_message: null })
  })
})
