// @vitest-environment node
/**
 * Realtime across two app copies on one control plane and one project server: a database change
 * decoded by one copy reaches a subscriber of the other, a broadcast and presence go between
 * clients of both, a copy takes the slot over when the decoding copy's subscribers are gone, and a
 * pause through one copy closes the sockets of both.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appClient } from '../helpers/supabase-client'
import { activeProject, ownerWithOrg, rowsOf, statusOf } from '../helpers/project-backends'
import { pgClusterAvailable } from '../helpers/pg-cluster'
import { startTwoInstances, type TestPlatform } from '../helpers/test-platform'
import { realtimeService } from '@/server/realtime/service'

const subscribed = (channel: RealtimeChannel) =>
  new Promise<RealtimeChannel>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel)
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  )

/** Waits for `check`; one that never holds fails within a minute, saying which, instead of holding the test to its timeout. */
const until = async (check: () => boolean) => {
  for (const deadline = Date.now() + 60_000; !check(); await new Promise((resolve) => setTimeout(resolve, 20)))
    if (Date.now() > deadline) throw new Error(`still waiting after a minute for: ${check.toString()}`)
}

describe.runIf(pgClusterAvailable())('realtime across two app copies', () => {
  let a: TestPlatform
  let b: TestPlatform
  let close: () => Promise<void>
  let owner: string
  let ref: string
  let keys: { anon_key: string; service_role_key: string }
  const clients: SupabaseClient[] = []
  const via = (copy: TestPlatform, key = keys.service_role_key) => {
    const made = appClient(`${copy.url}/p/${ref}`, key)
    clients.push(made)
    return made
  }

  beforeAll(async () => {
    ;({ a, b, close } = await startTwoInstances())
    const created = await ownerWithOrg(a, 'Two Copies Realtime')
    owner = created.token
    ref = await activeProject(a, owner, created.org.slug)
    await rowsOf(a, owner, ref, 'create table public.items (id int primary key, name text); alter publication supabase_realtime add table public.items')
    keys = (await a.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
  })
  afterAll(async () => {
    for (const c of clients) c.realtime.disconnect()
    await close?.()
  })

  it('sends a change decoded by one copy to a subscriber of the other', async () => {
    const onA: unknown[] = []
    const onB: Record<string, any>[] = []
    // A's subscriber comes first: A decodes; B follows.
    await subscribed(via(a).channel('items-a').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, (p) => onA.push(p)))
    await subscribed(via(b).channel('items-b').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, (p) => onB.push(p)))
    expect((await via(b).from('items').insert({ id: 1, name: 'through b' })).error).toBeNull()
    await until(() => onA.length === 1 && onB.length === 1)
    expect(onB[0]).toMatchObject({ eventType: 'INSERT', new: { id: 1, name: 'through b' } })
  })

  it('carries broadcasts and presence between clients of both copies', async () => {
    const got: Record<string, any>[] = []
    const onB = await subscribed(via(b, keys.anon_key).channel('room', { config: { presence: { key: 'bee' } } }).on('broadcast', { event: '*' }, (p) => got.push(p)))
    const onA = await subscribed(via(a, keys.anon_key).channel('room', { config: { presence: { key: 'ay' } } }))
    expect(await onA.track({ from: 'a' })).toBe('ok')
    await until(() => Object.keys(onB.presenceState()).includes('ay'))
    expect(await onB.track({ from: 'b' })).toBe('ok')
    await until(() => Object.keys(onA.presenceState()).includes('bee'))
    await onA.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } })
    await until(() => got.length === 1)
    expect(got[0]).toMatchObject({ event: 'hello', payload: { n: 1 } })
    await onA.unsubscribe()
    await until(() => !Object.keys(onB.presenceState()).includes('ay'))
  })

  it("takes the slot over when the decoding copy's subscribers are gone", async () => {
    for (const c of clients.splice(0)) {
      await c.removeAllChannels()
      c.realtime.disconnect()
    }
    const onB: Record<string, any>[] = []
    await subscribed(via(b).channel('items-later').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, (p) => onB.push(p)))
    // A lets its feed go (as after its linger); B, following, takes the slot within seconds.
    await realtimeService(a.platform).changes.close()
    let id = 10
    while (onB.length === 0) {
      await via(a).from('items').insert({ id: id++, name: 'later' })
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    expect(onB[0]).toMatchObject({ eventType: 'INSERT', new: { name: 'later' } })
  })

  it("closes both copies' sockets when the project is paused through one", async () => {
    const system: Record<string, any>[] = []
    const channel = via(b).channel('last')
    channel.on('system', {}, (p) => system.push(p))
    await subscribed(channel)
    expect((await a.call('POST', `/platform/projects/${ref}/pause`, { token: owner })).status).toBe(200)
    await until(() => system.some((p) => /paused/.test(p.message)))
    while ((await statusOf(a, ref)) !== 'INACTIVE') await new Promise((resolve) => setTimeout(resolve, 50))
  })
})
