// @vitest-environment node
/**
 * The terminate of a run that swallowed its cancel, on a real PostgreSQL server: sent as the run's
 * role, and as the admin only when that role cannot connect, and then only to a backend of that
 * role on that database. A pid that is another role's (it was reused) is never ended.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgClusterAvailable, startPgCluster, type PgCluster } from '@/tests/helpers/pg-cluster'
import { BackendStopper } from './stop-backend'

describe.skipIf(!pgClusterAvailable())('stopping a backend on a PostgreSQL server', () => {
  let cluster: PgCluster
  let admin: pg.Client
  const open: pg.Client[] = []

  const urlOf = (role: string) => {
    const url = new URL(cluster.url)
    url.username = role
    url.password = 'pw'
    url.pathname = '/stopdb'
    return url.toString()
  }
  async function session(role: string) {
    const client = new pg.Client({ connectionString: urlOf(role) })
    client.on('error', () => undefined)
    await client.connect()
    open.push(client)
    return { client, pid: (client as unknown as { processID: number }).processID }
  }
  const alive = async (pid: number) => (await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rows.length === 1

  /** Cancels, then terminates (no grace), and answers once every signal landed; `abandoned`: the last resort ran. */
  async function stop(role: string, pid: number, backendStart?: string) {
    let abandoned = false
    const stopper = new BackendStopper({ url: urlOf(role), adminUrl: cluster.url, pid, backendStart, applicationName: 'dashboard' }, 0, () => {
      abandoned = true
    })
    await stopper.stop()
    while (!stopper.terminated) await new Promise((resolve) => setTimeout(resolve, 10))
    await stopper.settled()
    return { abandoned }
  }

  beforeAll(async () => {
    cluster = await startPgCluster()
    admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query("create role alice login password 'pw' connection limit 1")
    await admin.query("create role bob login password 'pw'")
    await admin.query('create database stopdb')
  })
  afterAll(async () => {
    await Promise.all(open.map((c) => c.end().catch(() => undefined)))
    await admin?.end()
    await cluster?.stop()
  })

  it("asked to stop a pid that is another role's backend, ends nothing (as the role nor as the admin)", async () => {
    const bob = await session('bob')
    // alice can connect, is refused (permission denied): the admin is not asked.
    expect(await stop('alice', bob.pid)).toEqual({ abandoned: true })
    expect(await alive(bob.pid)).toBe(true)
    // alice cannot connect (her one connection is taken): the admin ends only a backend of alice's.
    await session('alice')
    expect(await stop('alice', bob.pid)).toEqual({ abandoned: true })
    expect(await alive(bob.pid)).toBe(true)
    expect((await bob.client.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })

  it("ends the role's own backend as the admin when the role cannot connect, the one that started then only", async () => {
    const alice = open.find((c) => (c as unknown as { user: string }).user === 'alice') ?? (await session('alice')).client
    const pid = (alice as unknown as { processID: number }).processID
    // Another backend that had this pid before (it started at another time) is not this one.
    expect(await stop('alice', pid, '2001-02-03 04:05:06.789+00')).toEqual({ abandoned: true })
    expect(await alive(pid)).toBe(true)
    const [{ started }] = (await admin.query('select backend_start::text as started from pg_stat_activity where pid = $1', [pid])).rows
    expect(await stop('alice', pid, started)).toEqual({ abandoned: false })
    await expect(alice.query('select 1')).rejects.toThrow()
  })
})
