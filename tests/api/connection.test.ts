// @vitest-environment node
/**
 * Connection details against the real platform, on both backends: `pg` connects with exactly the
 * connection string the settings answer (the password put in), wrong passwords are refused, a
 * reset password replaces the old one, the roles policy holds, and a paused project refuses
 * connections. Embedded only: the platform's SQL and a wire client's transaction take turns,
 * unknown refs look like wrong passwords, failed attempts are limited, garbage is answered.
 */
import net from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, runSql } from '../helpers/project-backends'
import { settle, startTestPlatform } from '../helpers/test-platform'
import { wireAccess } from '@/server/connection/wire-access'
import type { PgCluster } from '../helpers/pg-cluster'

const LISTENER = { embeddedDb: { port: 0, host: '127.0.0.1' } }
const originalPoolQuery = pg.Pool.prototype.query

async function connect(connectionString: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  return client
}

/** The error a connection attempt ends with (the test fails when it connects). */
async function refusal(connectionString: string): Promise<{ code?: string; message: string }> {
  const client = new pg.Client({ connectionString })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (error) {
    return error as { code?: string; message: string }
  }
  await client.end()
  throw new Error('connected, but should have been refused')
}

/**
 * The throwaway cluster trusts every local login; passwords are checked here for every role but
 * the operator's, as on a real server (the superuser rewrites pg_hba.conf and reloads it).
 */
async function requirePasswords(cluster: PgCluster) {
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ hba_file: string }>('show hba_file')
    const lines = ['local all all trust', 'host all postgres 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 scram-sha-256']
    await admin.query(`copy (select unnest(array[${lines.map((l) => pg.escapeLiteral(l)).join(', ')}])) to ${pg.escapeLiteral(rows[0].hba_file)}`)
    await admin.query('select pg_reload_conf()')
  } finally {
    await admin.end()
  }
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`connection details: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let orgId: number
    let ref: string

    const settings = async (token = owner) => tp.call('GET', `/platform/projects/${ref}/settings`, { token })
    const password = async (token = owner) => tp.call('GET', `/platform/projects/${ref}/db-password`, { token })
    const withPassword = async (secret?: string) => {
      const { body } = await settings()
      return (body.connection_string as string).replace('[YOUR-PASSWORD]', encodeURIComponent(secret ?? (await password()).body.password))
    }

    beforeAll(async () => {
      let cluster: PgCluster | null
      ;({ tp, cluster, stop } = await backend.start(LISTENER))
      if (cluster) await requirePasswords(cluster)
      const created = await ownerWithOrg(tp)
      owner = created.token
      orgId = created.org.id
      ref = await activeProject(tp, owner, created.org.slug)
    })
    afterAll(() => stop())

    it('answers where to connect, without the password', async () => {
      const res = await settings()
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ ref, db_kind: backend.name, db_user: expect.any(String), db_port: expect.any(Number) })
      expect(res.body.connection_string).toContain('[YOUR-PASSWORD]')
      const secret = (await password()).body.password as string
      expect(secret.length).toBeGreaterThanOrEqual(16)
      expect(JSON.stringify(res.body)).not.toContain(secret)
      expect(res.body.psql_command).toMatch(/^psql -h \S+ -p \d+ -d \S+ -U \S+$/)
    })

    it('connects with exactly that string; what it creates, the SQL endpoint sees', async () => {
      const client = await connect(await withPassword())
      try {
        expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
        await client.query('create table made_over_the_wire (id int primary key, note text)')
        await client.query(`insert into made_over_the_wire values (1, 'hello')`)
        // Parameters go through the extended protocol.
        expect((await client.query('select note from made_over_the_wire where id = $1', [1])).rows).toEqual([{ note: 'hello' }])
      } finally {
        await client.end()
      }
      const res = await runSql(tp, owner, ref, 'select note from made_over_the_wire')
      expect(res.status).toBe(200)
      expect(res.body.results.at(-1).rows).toEqual([{ note: 'hello' }])
    })

    it('refuses a wrong password', async () => {
      const error = await refusal(await withPassword('not-the-password-at-all'))
      expect(error.code).toBe('28P01')
    })

    it('a reset password replaces the old one; concurrent resets leave the last one working', async () => {
      const old = await withPassword()
      const next = 'A-new-password-0123456789'
      const openBefore = await connect(old)
      const openEnded = new Promise((resolve) => openBefore.on('error', resolve))
      // Statements the platform sends never carry the password (a server logs them).
      const sent: string[] = []
      const poolQuery = vi.spyOn(pg.Pool.prototype, 'query').mockImplementation(function (this: pg.Pool, ...args: unknown[]) {
        if (typeof args[0] === 'string') sent.push(args[0])
        return (originalPoolQuery as (...a: unknown[]) => unknown).apply(this, args) as never
      })
      try {
        expect((await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: owner, body: { password: next } })).status).toBe(204)
      } finally {
        poolQuery.mockRestore()
      }
      expect(sent.some((text) => text.includes(next))).toBe(false)
      // A connection opened with the old password does not outlive the change.
      await openEnded
      await openBefore.end().catch(() => undefined)
      expect((await password()).body.password).toBe(next)
      expect((await refusal(old)).code).toBe('28P01')
      const client = await connect(await withPassword(next))
      expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }])
      await client.end()

      const candidates = ['first-concurrent-pw-1', 'second-concurrent-pw-2', 'third-concurrent-pw-3']
      const answers = await Promise.all(candidates.map((p) => tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: owner, body: { password: p } })))
      expect(answers.map((a) => a.status)).toEqual([204, 204, 204])
      const stored = (await password()).body.password as string
      expect(candidates).toContain(stored)
      const last = await connect(await withPassword(stored))
      await last.end()
      for (const other of candidates.filter((p) => p !== stored)) expect((await refusal(await withPassword(other))).code).toBe('28P01')
      // The platform's own SQL still reaches the database.
      expect((await runSql(tp, owner, ref, 'select 1')).status).toBe(200)
    })

    it('refuses weak or hostile passwords', async () => {
      for (const bad of ['short', 'a'.repeat(20), 'has\u0000nul-character-x', 'line\nbreak-password-x', 'x'.repeat(1025), 42]) {
        const res = await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: owner, body: { password: bad } })
        expect(res.status, String(bad)).toBe(400)
      }
    })

    it('Read-only members see the settings but not the password; outsiders see nothing', async () => {
      const reader = await memberOf(tp, orgId, 'Read-only')
      expect((await settings(reader)).status).toBe(200)
      expect((await password(reader)).status).toBe(403)
      expect((await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: reader, body: { password: 'readers-may-not-do-this' } })).status).toBe(403)
      const developer = await memberOf(tp, orgId, 'Developer')
      expect((await password(developer)).status).toBe(200)
      expect((await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: developer, body: { password: 'developers-may-not-either' } })).status).toBe(403)
      const outsider = (await tp.signUp()).token
      await tp.call('POST', '/platform/profile', { token: outsider })
      expect((await settings(outsider)).status).toBe(404)
      expect((await password(outsider)).status).toBe(404)
    })

    it('a paused project refuses connections and password changes', async () => {
      const connectionString = await withPassword()
      const open = await connect(connectionString)
      open.on('error', () => undefined)
      expect((await tp.call('POST', `/platform/projects/${ref}/pause`, { token: owner })).status).toBe(200)
      await settle(tp.platform)
      await expect(open.query('select 1')).rejects.toThrow()
      const error = await refusal(connectionString)
      expect(error.message).toMatch(/paused|does not exist|not permitted|password authentication failed/)
      const res = await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: owner, body: { password: 'while-paused-password' } })
      expect(res.status).toBe(409)
      expect(res.body.message).toMatch(/paused/)
    })
  })
}

/** An owner's new embedded project and the connection string its settings give, password filled in. */
async function embeddedProject(tp: TestPlatform) {
  const created = await ownerWithOrg(tp)
  const owner = created.token
  const ref = await activeProject(tp, owner, created.org.slug)
  const settings = (await tp.call('GET', `/platform/projects/${ref}/settings`, { token: owner })).body
  const secret = (await tp.call('GET', `/platform/projects/${ref}/db-password`, { token: owner })).body.password
  return { owner, ref, connectionString: settings.connection_string.replace('[YOUR-PASSWORD]', encodeURIComponent(secret)) as string }
}

describe('embedded wire listener', () => {
  let tp: TestPlatform
  let owner: string
  let ref: string
  let connectionString: string

  beforeAll(async () => {
    tp = await startTestPlatform({ ...LISTENER })
    ;({ owner, ref, connectionString } = await embeddedProject(tp))
  })
  afterAll(() => tp.close())

  it("the platform's SQL waits for a client's open transaction and rolls nothing back", async () => {
    const client = await connect(connectionString)
    try {
      await client.query('create table turns (n int)')
      await client.query('begin')
      await client.query('insert into turns values (1)')
      let answered = false
      const platformRun = runSql(tp, owner, ref, `insert into turns values (2); select string_agg(n::text, ',' order by n) as ns from turns`).then((res) => {
        answered = true
        return res
      })
      // The client keeps its transaction across several round trips while the platform's run waits.
      for (let i = 0; i < 5; i++) await client.query('insert into turns values (1)')
      expect(answered).toBe(false)
      await client.query('commit')
      const res = await platformRun
      expect(res.status).toBe(200)
      expect(res.body.results.at(-1).rows).toEqual([{ ns: '1,1,1,1,1,1,2' }])
      expect((await client.query('select count(*)::int as c from turns')).rows).toEqual([{ c: 7 }])
    } finally {
      await client.end()
    }
  })

  it('a client that leaves mid-transaction is rolled back, and the session is the platform again', async () => {
    const client = await connect(connectionString)
    await client.query('create table left_behind (n int)')
    await client.query('begin')
    await client.query('insert into left_behind values (1)')
    await client.query(`set local role none`).catch(() => undefined)
    await client.end()
    const res = await runSql(tp, owner, ref, 'select count(*)::int as c, current_user as u, (select rolsuper from pg_roles where oid = 10) as su from left_behind')
    expect(res.status).toBe(200)
    expect(res.body.results.at(-1).rows).toEqual([{ c: 0, u: 'postgres', su: false }])
  })

  it('a session setting made over the wire does not leak into the platform run', async () => {
    const settings = `select current_setting('search_path') as path, current_setting('statement_timeout') as t`
    const before = (await runSql(tp, owner, ref, settings)).body.results.at(-1).rows
    const client = await connect(connectionString)
    await client.query(`set search_path = pg_catalog`)
    await client.query(`set statement_timeout = 1`)
    expect((await client.query(settings)).rows).toEqual([{ path: 'pg_catalog', t: '1ms' }])
    const res = await runSql(tp, owner, ref, settings)
    expect(res.body.results.at(-1).rows).toEqual(before)
    await client.end()
  })

  it('an unknown ref is refused exactly like a wrong password', async () => {
    const unknown = connectionString.replace(`/${ref}`, '/nosuchproject0000')
    const wrong = connectionString.replace(/:[^:@]+@/, ':wrong-password-1234@')
    const a = await refusal(unknown)
    const b = await refusal(wrong)
    expect(a.code).toBe('28P01')
    expect(a.message).toBe(b.message)
  })

  it('garbage on the socket gets an error and the listener keeps serving', async () => {
    const port = tp.platform.embeddedListener!.port
    for (const garbage of [Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'), Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]), Buffer.alloc(64, 0xff), Buffer.from([0, 0, 0, 9, 0, 3, 0, 0, 1])]) {
      const answer = await new Promise<Buffer>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(garbage))
        const chunks: Buffer[] = []
        socket.on('data', (c) => chunks.push(c))
        socket.on('error', () => undefined)
        socket.on('close', () => resolve(Buffer.concat(chunks)))
        // An incomplete packet is waited for: hang up after sending it.
        setImmediate(() => socket.end())
      })
      if (answer.length > 0) expect(['E', 'N']).toContain(String.fromCharCode(answer[0]))
    }
    const client = await connect(connectionString)
    expect((await client.query('select 3 as three')).rows).toEqual([{ three: 3 }])
    await client.end()
  })

  it('a restart ends wire connections; the project then serves new ones', async () => {
    const client = await connect(connectionString)
    client.on('error', () => undefined)
    expect(tp.platform.databases.openEmbeddedDirs().length).toBeGreaterThan(0)
    expect((await tp.call('POST', `/platform/projects/${ref}/restart`, { token: owner })).status).toBeLessThan(300)
    await settle(tp.platform)
    await expect(client.query('select 1')).rejects.toThrow()
    const again = await connect(connectionString)
    expect((await again.query('select 4 as four')).rows).toEqual([{ four: 4 }])
    await again.end()
  })
})

describe('embedded wire listener: failed attempts', () => {
  let tp: TestPlatform
  afterAll(() => tp.close())

  it('limits failed attempts per client address, then refuses even the right password', async () => {
    tp = await startTestPlatform({ ...LISTENER })
    tp.platform.config.rateLimits.embeddedDbAuthPerIp = { limit: 2, windowSeconds: 300 }
    const created = await ownerWithOrg(tp)
    const ref = await activeProject(tp, created.token, created.org.slug)
    const settings = (await tp.call('GET', `/platform/projects/${ref}/settings`, { token: created.token })).body
    const secret = (await tp.call('GET', `/platform/projects/${ref}/db-password`, { token: created.token })).body.password
    const right = settings.connection_string.replace('[YOUR-PASSWORD]', encodeURIComponent(secret))
    const wrong = settings.connection_string.replace('[YOUR-PASSWORD]', 'wrong-password-xyz')
    const ok = await connect(right)
    await ok.end()
    expect((await refusal(wrong)).code).toBe('28P01')
    expect((await refusal(wrong)).code).toBe('28P01')
    expect((await refusal(right)).message).toMatch(/too many failed connection attempts/)
  })
})

describe('embedded wire listener: the platform over TCP', () => {
  let tp: TestPlatform
  afterAll(() => tp.close())

  it('the platform’s connections over TCP (no socket of its own) are not counted as password attempts', async () => {
    tp = await startTestPlatform({ ...LISTENER })
    tp.platform.config.rateLimits.embeddedDbAuthPerIp = { limit: 2, windowSeconds: 300 }
    const { ref, connectionString } = await embeddedProject(tp)
    // As when the platform's Unix socket could not be made: its URL goes to 127.0.0.1 over TCP.
    ;(tp.platform.embeddedListener as { platformSocketDir: string | null }).platformSocketDir = null
    const { projectConnectionUrl } = await import('@/server/connection/project-url')
    const [access] = await tp.platform.db.query('select ref, region, status, db_location from projects where ref = $1', [ref])
    const url = await projectConnectionUrl(tp.platform, access as never, { readOnly: false })
    expect(new URL(url).hostname).toBe('127.0.0.1')
    for (let i = 0; i < 4; i++) {
      const session = await connect(url)
      await session.end()
    }
    const counted = await tp.platform.db.query<{ hits: number }>(`select hits from rate_limit_counters where bucket like 'embedded-db-auth%' and hits > 0`)
    expect(counted).toEqual([])
    expect(await tp.platform.db.query('select 1 from embedded_db_auth_addresses')).toEqual([])
    // Local clients are not throttled by the platform's own connections, nor is 127.0.0.1 remembered for it.
    const client = await connect(connectionString)
    await client.end()
  })
})

describe('embedded wire listener: limits and accounting', () => {
  let tp: TestPlatform
  let owner: string
  let ref: string
  let connectionString: string

  beforeAll(async () => {
    tp = await startTestPlatform({ ...LISTENER })
    ;({ owner, ref, connectionString } = await embeddedProject(tp))
  })
  afterAll(() => tp.close())

  /** The error a connected client ends with (FATAL from the server, or the connection closing). */
  const ended = (client: pg.Client) => new Promise<{ code?: string; message: string }>((resolve) => client.on('error', resolve))

  it('wire traffic is the project’s activity', async () => {
    await tp.platform.db.query(`update projects set last_activity_at = now() - interval '30 days' where ref = $1`, [ref])
    const client = await connect(connectionString)
    await client.query('select 1')
    await client.end()
    let touched = false
    while (!touched) {
      const [row] = await tp.platform.db.query<{ recent: boolean }>(`select last_activity_at > now() - interval '1 day' as recent from projects where ref = $1`, [ref])
      touched = row.recent
      if (!touched) await new Promise((r) => setTimeout(r, 20))
    }
    expect(touched).toBe(true)
  })

  it('a client that stops reading does not make the platform hold its answer', async () => {
    tp.platform.config.sqlTimeoutMs = 3_000
    const client = await connect(connectionString)
    const end = ended(client)
    const socket = (client as unknown as { connection: { stream: net.Socket } }).connection.stream
    const before = process.memoryUsage().arrayBuffers
    let peak = before
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 20)
    void client.query(`select repeat('x', 1000000) from generate_series(1, 400)`).catch(() => undefined)
    socket.pause()
    // The statement timeout ends the worker that waits for the reader; nothing piled up meanwhile.
    const dir = tp.platform.databases.openEmbeddedDirs().find((d) => d.endsWith(ref))
    expect(dir).toBeDefined()
    while (tp.platform.databases.openEmbeddedDirs().includes(dir!)) await new Promise((r) => setTimeout(r, 50))
    clearInterval(sample)
    socket.resume()
    const error = await end
    tp.platform.config.sqlTimeoutMs = 60_000
    expect(error.message).toMatch(/statement timeout|terminated/)
    expect(peak - before).toBeLessThan(64 * 1024 * 1024)
    expect((await runSql(tp, owner, ref, 'select 1 as one')).status).toBe(200)
  })

  it('refuses a message over the size cap before its bytes arrive', async () => {
    const client = await connect(connectionString)
    const end = ended(client)
    const socket = (client as unknown as { connection: { stream: net.Socket } }).connection.stream
    const head = Buffer.alloc(5)
    head.write('Q', 0, 'latin1')
    head.writeInt32BE(0x7fffffff, 1)
    socket.write(head)
    const error = await end
    expect(error.code).toBe('08P01')
    expect(error.message).toMatch(/over the limit/)
  })

  it('ends a session idle for longer than the idle timeout', async () => {
    tp.platform.config.embeddedDb = { ...tp.platform.config.embeddedDb, idleSessionTimeoutMs: 300 }
    const client = await connect(connectionString)
    const error = await ended(client)
    tp.platform.config.embeddedDb = { ...tp.platform.config.embeddedDb, idleSessionTimeoutMs: undefined }
    expect(error.code).toBe('57P05')
  })

  it('the platform’s own connection keeps working across a password change', async () => {
    const { projectConnectionUrl } = await import('@/server/connection/project-url')
    const [access] = await tp.platform.db.query<{ ref: string; region: string; status: 'ACTIVE_HEALTHY'; db_location: never }>(
      'select ref, region, status, db_location from projects where ref = $1',
      [ref]
    )
    const url = await projectConnectionUrl(tp.platform, access as never, { readOnly: false })
    const secret = (await tp.call('GET', `/platform/projects/${ref}/db-password`, { token: owner })).body.password
    expect(url).not.toContain(encodeURIComponent(secret))
    const kept = await connect(url)
    expect((await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: owner, body: { password: 'after-change-password-9' } })).status).toBe(204)
    // The URL read before the change still connects, and its open session was not ended.
    const again = await connect(url)
    expect((await again.query('select 5 as five')).rows).toEqual([{ five: 5 }])
    expect((await kept.query('select 6 as six')).rows).toEqual([{ six: 6 }])
    await again.end()
    await kept.end()
    connectionString = connectionString.replace(/:[^:@]+@/, ':after-change-password-9@')
  })

  it('refuses a project of a restricted organization, as the SQL endpoint does', async () => {
    await tp.platform.db.query(`update organizations set restriction_status = 'restricted' where id = (select organization_id from projects where ref = $1)`, [ref])
    try {
      const error = await refusal(connectionString)
      expect(error.code).toBe('57P03')
      expect(error.message).toMatch(/restricted/)
    } finally {
      await tp.platform.db.query(`update organizations set restriction_status = null where id = (select organization_id from projects where ref = $1)`, [ref])
    }
  })
})

describe('embedded wire listener: attempts at once', () => {
  let tp: TestPlatform
  afterAll(() => tp.close())

  it('attempts made at once are all counted: no more than the limit get an answer to their password', async () => {
    tp = await startTestPlatform({ ...LISTENER })
    tp.platform.config.rateLimits.embeddedDbAuthPerIp = { limit: 2, windowSeconds: 300 }
    const created = await ownerWithOrg(tp)
    const ref = await activeProject(tp, created.token, created.org.slug)
    const settings = (await tp.call('GET', `/platform/projects/${ref}/settings`, { token: created.token })).body
    const wrong = settings.connection_string.replace('[YOUR-PASSWORD]', 'wrong-password-xyz')
    const errors = await Promise.all(Array.from({ length: 6 }, () => refusal(wrong)))
    expect(errors.filter((e) => e.code === '28P01')).toHaveLength(2)
    expect(errors.filter((e) => /too many failed connection attempts/.test(e.message))).toHaveLength(4)
  })
})

/** A pg client whose connection comes from `localAddress` (any 127.x.y.z is this machine). */
function clientFrom(localAddress: string, connectionString: string) {
  const client = new pg.Client({
    connectionString,
    stream: () => {
      const socket = new net.Socket()
      const connectTo = socket.connect.bind(socket) as (options: net.TcpNetConnectOpts) => net.Socket
      return Object.assign(socket, { connect: (port: number, host: string) => connectTo({ port, host, localAddress }) })
    },
  })
  client.on('error', () => undefined)
  return client
}

/** 'connected' (the client is ended again), or the error a connection from `localAddress` ends with. */
async function attemptFrom(localAddress: string, connectionString: string): Promise<string> {
  const client = clientFrom(localAddress, connectionString)
  try {
    await client.connect()
  } catch (error) {
    ;(client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy()
    return (error as Error).message
  }
  await client.end()
  return 'connected'
}

describe('embedded wire listener: room for real clients and the platform', () => {
  let tp: TestPlatform
  let owner: string
  let ref: string
  let connectionString: string
  const idle: net.Socket[] = []

  beforeAll(async () => {
    tp = await startTestPlatform({ embeddedDb: { port: 0, host: '127.0.0.1', maxConnections: 3, maxHandshakes: 4, maxConnectionsPerAddress: 0 } })
    ;({ owner, ref, connectionString } = await embeddedProject(tp))
  })
  afterAll(async () => {
    idle.forEach((socket) => socket.destroy())
    await tp.close()
  })

  const openIdle = async (count: number) => {
    const port = tp.platform.embeddedListener!.port
    for (let i = 0; i < count; i++) {
      const socket = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${2 + (i % 3)}` })
      socket.on('error', () => undefined)
      await new Promise((resolve) => socket.once('connect', resolve))
      idle.push(socket)
    }
  }

  it('idle handshakes from a few addresses keep out neither a client with the password nor the platform', async () => {
    await openIdle(30)
    const client = await connect(connectionString)
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    await client.end()
    const graphql = await tp.call('POST', `/platform/projects/${ref}/api/graphql`, { token: owner, body: { query: '{ __typename }' } })
    expect(graphql.status).toBe(200)
    expect(graphql.body).toEqual({ data: { __typename: 'Query' } })
  })

  it('sessions fill the cap for clients only: the platform’s own GraphQL still connects', async () => {
    const sessions = await Promise.all([0, 1, 2].map(() => connect(connectionString)))
    try {
      expect((await refusal(connectionString)).message).toMatch(/too many clients/)
      // A schema the platform's pool has not seen yet: GraphQL needs new connections of its own.
      expect((await runSql(tp, owner, ref, 'create table room_check (id int primary key)')).status).toBe(200)
      const graphql = await tp.call('POST', `/platform/projects/${ref}/api/graphql`, { token: owner, body: { query: '{ allRoomChecks { totalCount } }' } })
      expect(graphql.status).toBe(200)
      expect(graphql.body).toEqual({ data: { allRoomChecks: { totalCount: 0 } } })
      const { projectConnectionUrl } = await import('@/server/connection/project-url')
      const [access] = await tp.platform.db.query('select ref, region, status, db_location from projects where ref = $1', [ref])
      const own = await connect(await projectConnectionUrl(tp.platform, access as never, { readOnly: false }))
      expect((await own.query('select 2 as two')).rows).toEqual([{ two: 2 }])
      await own.end()
    } finally {
      await Promise.all(sessions.map((s) => s.end()))
    }
  })
})

describe('embedded wire listener: password guesses per project', () => {
  let tp: TestPlatform
  afterAll(() => tp.close())

  it('limits guesses on a project from every address together; addresses that connected before still may', async () => {
    // The per-address limit off: only the per-project one can stop a guesser rotating addresses.
    tp = await startTestPlatform({ ...LISTENER, embeddedDb: { port: 0, host: '127.0.0.1', attemptsPerProject: 3 } })
    const { connectionString } = await embeddedProject(tp)
    const wrong = connectionString.replace(/:[^:@]+@/, ':wrong-password-xyz@')
    expect(await attemptFrom('127.0.0.1', connectionString)).toBe('connected')
    const guesses: string[] = []
    for (let i = 0; i < 6; i++) guesses.push(await attemptFrom(`127.0.1.${10 + i}`, wrong))
    expect(guesses.slice(0, 3).every((m) => /password authentication failed/.test(m))).toBe(true)
    expect(guesses.slice(3).every((m) => /too many failed connection attempts/.test(m))).toBe(true)
    // The right password from a new address waits too; from the address that connected before it works.
    expect(await attemptFrom('127.0.1.99', connectionString)).toMatch(/too many failed connection attempts/)
    expect(await attemptFrom('127.0.0.1', connectionString)).toBe('connected')
    // Another project is not touched by this one's guesses.
    const other = await embeddedProject(tp)
    expect(await attemptFrom('127.0.1.98', other.connectionString)).toBe('connected')
  })
})

describe('embedded wire listener: known addresses are client networks', () => {
  let tp: TestPlatform
  afterAll(() => tp.close())

  // Only loopback is reachable over TCP here, so the listener's access checks are asked directly.
  it('an address that connected before is known from anywhere in its IPv6 /64', async () => {
    tp = await startTestPlatform({ embeddedDb: { port: 0, host: '127.0.0.1', attemptsPerProject: 2 } })
    const { ref } = await embeddedProject(tp)
    const access = wireAccess(tp.platform)
    expect(await access.beginAttempt('2001:db8:1:2::10', ref)).toBeNull()
    // Remembered as after the client's own right password (typed so as to name who connected).
    const succeeded: (address: string, ref: string, by: 'project') => Promise<void> = access.attemptSucceeded
    await succeeded('2001:db8:1:2::10', ref, 'project')
    // Guesses from elsewhere use up the project's limit.
    expect(await access.beginAttempt('203.0.113.1', ref)).toBeNull()
    expect(await access.beginAttempt('203.0.113.2', ref)).toBeNull()
    expect(await access.beginAttempt('2001:db8:9:9::1', ref)).toBeGreaterThan(0)
    // The owner's privacy address changed within the same /64: still known, still let try.
    expect(await access.beginAttempt('2001:db8:1:2::99', ref)).toBeNull()
    expect(await access.beginAttempt('2001:db8:1:3::10', ref)).toBeGreaterThan(0)
  })
})
