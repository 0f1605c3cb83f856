// @vitest-environment node
/**
 * A project's realtime through supabase-js, as an application uses it: two users subscribed to
 * `todos` under the Todo List quickstart's RLS, each getting only their own rows, typed; updates
 * with the old record (replica identity full), deletes with the key only; every filter; broadcast
 * with ack and self, over the socket and REST; presence of three clients; a killed socket that
 * reconnects and rejoins; the gate at the handshake; a pause that closes the sockets with a reason.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todoList } from '@/lib/snippets/quickstarts/todo-list'
import { realtimeService } from '@/server/realtime/service'
import { flushLogs } from '@/server/logs/recorder'
import { sampleUsage } from '@/server/billing/usage-sampling'
import { appClient } from '../helpers/supabase-client'
import { activeProject, ownerWithOrg, rowsOf, statusOf } from '../helpers/project-backends'
import { asEngineAdmin, settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

const PASSWORD = 'a fine long password'

let tp: TestPlatform
let owner: string
let ref: string
let url: string
let keys: { anon_key: string; service_role_key: string }
const clients: SupabaseClient[] = []

function client(key = keys.anon_key): SupabaseClient {
  const made = appClient(url, key)
  clients.push(made)
  return made
}

async function signedUp(name: string): Promise<{ client: SupabaseClient; id: string }> {
  const made = client()
  const { data, error } = await made.auth.signUp({ email: `${name}-${Date.now()}@example.com`, password: PASSWORD })
  expect(error).toBeNull()
  return { client: made, id: data.user!.id }
}

/** Subscribes and waits for the server's word; rejects with its reason. */
function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel)
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  )
}

/** What a listener got, in order: `next()` is the next item not read yet, waiting for it when it has not come. */
function inbox<T>() {
  const items: T[] = []
  let read = 0
  let waiting: (() => void) | null = null
  return {
    items,
    push(item: T) {
      items.push(item)
      waiting?.()
    },
    async next(): Promise<T> {
      while (read >= items.length) await new Promise<void>((resolve) => (waiting = resolve))
      return items[read++]
    },
    async until(count: number): Promise<T[]> {
      while (items.length < count) await new Promise<void>((resolve) => (waiting = resolve))
      return items.slice(0, count)
    },
  }
}

beforeAll(async () => {
  tp = await startTestPlatform()
  const created = await ownerWithOrg(tp, 'Realtime Org')
  owner = created.token
  ref = await activeProject(tp, owner, created.org.slug)
  await rowsOf(tp, owner, ref, todoList.sql)
  await rowsOf(
    tp,
    owner,
    ref,
    `alter table public.todos replica identity full;
     create table public.scores (id int primary key, points int not null, label text);
     grant select on public.scores to anon;
     alter publication supabase_realtime add table public.todos, public.scores;`
  )
  keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
  url = `${tp.url}/p/${ref}`
  expect((await tp.call('PATCH', `/platform/auth/${ref}/config`, { token: owner, body: { mailer_autoconfirm: true } })).status).toBe(200)
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()))
  for (const c of clients) c.realtime.disconnect()
  if (tp) await settle(tp.platform)
  await tp?.close()
})

describe('database changes', () => {
  it("delivers a user's inserts, updates and deletes to that user only, typed, with the old record and the key of a delete", async () => {
    const alice = await signedUp('alice')
    const bob = await signedUp('bob')
    const aliceGot = inbox<Record<string, any>>()
    const bobGot = inbox<Record<string, any>>()
    await subscribed(alice.client.channel('alice-todos').on('postgres_changes', { event: '*', schema: 'public', table: 'todos' }, (p) => aliceGot.push(p)))
    await subscribed(bob.client.channel('bob-todos').on('postgres_changes', { event: '*', schema: 'public', table: 'todos' }, (p) => bobGot.push(p)))

    const inserted = await alice.client.from('todos').insert({ task: 'buy milk' }).select().single()
    expect(inserted.error).toBeNull()
    const insert = await aliceGot.next()
    expect(insert).toMatchObject({ eventType: 'INSERT', schema: 'public', table: 'todos', new: { id: inserted.data.id, task: 'buy milk', is_complete: false, user_id: alice.id } })
    expect(typeof insert.new.id).toBe('number')
    expect(Date.parse(insert.commit_timestamp)).toBeGreaterThan(Date.now() - 60_000)

    // Bob's own insert reaches him after Alice's was handled: he never got hers.
    await bob.client.from('todos').insert({ task: 'walk the dog' })
    expect((await bobGot.next()).new.task).toBe('walk the dog')
    expect(bobGot.items).toHaveLength(1)

    await alice.client.from('todos').update({ is_complete: true }).eq('id', inserted.data.id)
    const update = await aliceGot.next()
    // RLS is on: the old row is its key only, whatever the replica identity.
    expect(update).toMatchObject({ eventType: 'UPDATE', new: { is_complete: true, task: 'buy milk' }, old: { id: inserted.data.id } })
    expect(Object.keys(update.old)).toEqual(['id'])

    await alice.client.from('todos').delete().eq('id', inserted.data.id)
    const deleted = await aliceGot.next()
    // RLS is on: a delete carries the key only.
    expect(deleted).toMatchObject({ eventType: 'DELETE', old: { id: inserted.data.id } })
    expect(Object.keys(deleted.old)).toEqual(['id'])
    await bob.client.from('todos').delete().eq('task', 'walk the dog')
    expect((await bobGot.next()).eventType).toBe('DELETE')
    // Deletes go to whoever binds the table (no one can be asked about a row that is gone): the key only.
    expect(await aliceGot.next()).toMatchObject({ eventType: 'DELETE', old: { id: expect.any(Number) } })
    expect(aliceGot.items.map((p) => p.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE', 'DELETE'])
  })

  it('applies each filter, with values read as the column type', async () => {
    const filters = ['points=eq.3', 'points=neq.3', 'points=lt.3', 'points=lte.3', 'points=gt.3', 'points=gte.10', 'id=in.(1,4,5)', 'label=eq.two']
    const got = new Map<string, number[]>(filters.map((f) => [f, []]))
    const all = inbox<Record<string, any>>()
    let channel = client().channel('filters')
    for (const filter of filters) channel = channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'scores', filter }, (p) => got.get(filter)!.push(p.new.id))
    channel = channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'scores' }, (p) => all.push(p))
    await subscribed(channel)
    await rowsOf(tp, owner, ref, `insert into public.scores values (1, 1, 'one'), (2, 2, 'two'), (3, 3, 'three'), (4, 4, 'four'), (5, 10, 'five')`)
    await all.until(5)
    expect(Object.fromEntries(got)).toEqual({
      'points=eq.3': [3],
      'points=neq.3': [1, 2, 4, 5],
      'points=lt.3': [1, 2],
      'points=lte.3': [1, 2, 3],
      'points=gt.3': [4, 5],
      'points=gte.10': [5],
      'id=in.(1,4,5)': [1, 4, 5],
      'label=eq.two': [2],
    })
  })

  it('carries the whole old row of an UPDATE where RLS is off and the replica identity is full', async () => {
    await rowsOf(tp, owner, ref, 'alter table public.scores replica identity full')
    const got = inbox<Record<string, any>>()
    await subscribed(client().channel('scores-updates').on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'scores' }, (p) => got.push(p)))
    await rowsOf(tp, owner, ref, `update public.scores set points = 30 where id = 3`)
    expect(await got.next()).toMatchObject({ new: { id: 3, points: 30, label: 'three' }, old: { id: 3, points: 3, label: 'three' } })
  })

  it('refuses a binding it cannot serve with a reason', async () => {
    const channel = client().channel('bad-filter').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'scores', filter: 'points=like.3' }, () => undefined)
    await expect(subscribed(channel)).rejects.toThrow(/like is not offered/)
  })
})

describe('broadcast and presence', () => {
  it('broadcasts between two clients with ack, and to the sender with self', async () => {
    const got = inbox<Record<string, any>>()
    const ownGot = inbox<Record<string, any>>()
    const sender = await subscribed(client().channel('room-1', { config: { broadcast: { ack: true, self: true } } }).on('broadcast', { event: 'cursor' }, (p) => ownGot.push(p)))
    await subscribed(client().channel('room-1').on('broadcast', { event: 'cursor' }, (p) => got.push(p)))
    expect(await sender.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } })).toBe('ok')
    expect(await got.next()).toMatchObject({ event: 'cursor', payload: { x: 1, y: 2 } })
    expect(await ownGot.next()).toMatchObject({ event: 'cursor', payload: { x: 1, y: 2 } })
  })

  it("refuses a message past the plan's size with the reason, and sends it to no one", async () => {
    const got = inbox<Record<string, any>>()
    const system = inbox<Record<string, any>>()
    const sender = client().channel('room-big', { config: { broadcast: { ack: true } } })
    sender.on('system', {}, (p) => system.push(p))
    await subscribed(sender)
    await subscribed(client().channel('room-big').on('broadcast', { event: '*' }, (p) => got.push(p)))
    expect(await sender.send({ type: 'broadcast', event: 'big', payload: { blob: 'x'.repeat(300 * 1024) } })).toBe('error')
    expect((await system.next()).message).toMatch(/plan takes at most 250 KB/)
    expect(await sender.send({ type: 'broadcast', event: 'small', payload: {} })).toBe('ok')
    expect((await got.next()).event).toBe('small')
  })

  it('takes REST broadcasts, both forms', async () => {
    const got = inbox<Record<string, any>>()
    const channel = await subscribed(client().channel('room-rest').on('broadcast', { event: '*' }, (p) => got.push(p)))
    const answer = await fetch(`${url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: keys.anon_key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'room-rest', event: 'hello', payload: { n: 1 } }] }),
    })
    expect(answer.status).toBe(202)
    expect(await got.next()).toMatchObject({ event: 'hello', payload: { n: 1 } })
    expect(await channel.httpSend('again', { n: 2 })).toEqual({ success: true })
    expect(await got.next()).toMatchObject({ event: 'again', payload: { n: 2 } })
    const refused = await fetch(`${url}/realtime/v1/api/broadcast`, { method: 'POST', headers: { apikey: keys.anon_key }, body: '{"messages":[]}' })
    expect(refused.status).toBe(400)
  })

  it('keeps three clients in presence sync; one leaves', async () => {
    const channels: RealtimeChannel[] = []
    const leaves = inbox<string>()
    for (const name of ['ann', 'ben', 'cat']) {
      const channel = client().channel('lobby', { config: { presence: { key: name } } })
      channel.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key))
      await subscribed(channel)
      expect(await channel.track({ name })).toBe('ok')
      channels.push(channel)
    }
    const keysOf = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort()
    await new Promise<void>((resolve) => {
      const check = () => (channels.every((c) => keysOf(c).join() === 'ann,ben,cat') ? resolve() : setTimeout(check, 10))
      check()
    })
    expect(channels[0].presenceState().cat[0]).toMatchObject({ name: 'cat' })
    await channels[2].unsubscribe()
    expect(await leaves.next()).toBe('cat')
    await new Promise<void>((resolve) => {
      const check = () => (keysOf(channels[0]).join() === 'ann,ben' && keysOf(channels[1]).join() === 'ann,ben' ? resolve() : setTimeout(check, 10))
      check()
    })
  })

  it('reconnects a killed socket and rejoins its channels', async () => {
    const listener = client()
    const got = inbox<Record<string, any>>()
    await subscribed(listener.channel('room-2').on('broadcast', { event: 'ping' }, (p) => got.push(p)))
    const service = realtimeService(tp.platform)
    const before = service.hub.membersOf(ref, 'room-2', false)
    expect(before).toBe(1)
    // The server's side of every socket of the project ends at once, as a dropped network would.
    service.terminateAll(ref)
    await new Promise<void>((resolve) => {
      const check = () => (service.hub.membersOf(ref, 'room-2', false) === 1 && listener.realtime.isConnected() ? resolve() : setTimeout(check, 20))
      check()
    })
    const sender = await subscribed(client().channel('room-2'))
    await sender.send({ type: 'broadcast', event: 'ping', payload: {} })
    expect((await got.next()).event).toBe('ping')
  })
})

describe('private channels', () => {
  it("are authorized by the project's policies on realtime.messages: who may read, who may write", async () => {
    await rowsOf(
      tp,
      owner,
      ref,
      `create policy "signed-in users read the private room" on realtime.messages for select to authenticated
         using (realtime.topic() = 'private-room' and extension = 'broadcast');
       create policy "signed-in users send to the private room" on realtime.messages for insert to authenticated
         with check (realtime.topic() = 'private-room' and extension = 'broadcast');`
    )
    const erin = await signedUp('erin')
    const frank = await signedUp('frank')
    const got = inbox<Record<string, any>>()
    const publicGot = inbox<Record<string, any>>()
    const sender = await subscribed(erin.client.channel('private-room', { config: { private: true, broadcast: { ack: true } } }))
    await subscribed(frank.client.channel('private-room', { config: { private: true } }).on('broadcast', { event: '*' }, (p) => got.push(p)))
    // The public channel of the same name is another channel.
    await subscribed(client().channel('private-room').on('broadcast', { event: '*' }, (p) => publicGot.push(p)))
    await expect(subscribed(client().channel('private-room', { config: { private: true } }))).rejects.toThrow(/Unauthorized: You do not have permissions to read from this Channel topic: private-room/)
    await expect(subscribed(erin.client.channel('other-room', { config: { private: true } }))).rejects.toThrow(/Unauthorized/)
    expect(await sender.send({ type: 'broadcast', event: 'secret', payload: { n: 1 } })).toBe('ok')
    expect(await got.next()).toMatchObject({ event: 'secret', payload: { n: 1 } })
    // No policy lets them track presence there.
    expect(await sender.track({ here: true })).toBe('error')
    const rest = await fetch(`${url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: keys.anon_key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'private-room', event: 'from anon', payload: {}, private: true }] }),
    })
    expect(rest.status).toBe(403)
    const service = await fetch(`${url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: keys.service_role_key, Authorization: `Bearer ${keys.service_role_key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'private-room', event: 'from the server', payload: {}, private: true }] }),
    })
    expect(service.status).toBe(202)
    expect((await got.next()).event).toBe('from the server')
    expect(publicGot.items).toEqual([])
  })
})

/** A bare Phoenix client (vsn 1.0.0) for what realtime-js would not send. */
async function rawSocket() {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${keys.anon_key}&vsn=1.0.0`)
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const replies = new Map<string, (payload: any) => void>()
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString())
    if (message.event === 'phx_reply') replies.get(message.ref)?.(message.payload)
  })
  let ref = 0
  const push = (topic: string, event: string, payload: unknown) => {
    const id = String(++ref)
    ws.send(JSON.stringify({ topic, event, payload, ref: id, join_ref: id }))
    return new Promise<any>((resolve) => replies.set(id, resolve))
  }
  return { ws, push }
}

describe('what a review of its seams found', () => {
  const changesOf = (channel: RealtimeChannel, table: string, got: ReturnType<typeof inbox<Record<string, any>>>, filter?: string) =>
    channel.on('postgres_changes', { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, (p) => got.push(p))

  it('sends only the columns the role may select, and nothing of a table it may not', async () => {
    await rowsOf(
      tp,
      owner,
      ref,
      `create table public.colgrant (id int primary key, name text, ssn text);
       revoke all on public.colgrant from anon, authenticated;
       grant select (id, name) on public.colgrant to anon;
       create table public.hidden (id int primary key, data text);
       revoke all on public.hidden from anon, authenticated;
       alter table public.hidden replica identity full;
       alter publication supabase_realtime add table public.colgrant, public.hidden;`
    )
    const got = inbox<Record<string, any>>()
    const hidden = inbox<Record<string, any>>()
    await subscribed(changesOf(changesOf(client().channel('grants'), 'colgrant', got), 'hidden', hidden))
    await rowsOf(tp, owner, ref, `insert into public.hidden values (1, 'internal only'); delete from public.hidden; insert into public.colgrant values (1, 'Alice', '078-05-1120')`)
    const insert = await got.next()
    expect(insert.new).toEqual({ id: 1, name: 'Alice' })
    expect(JSON.stringify(insert)).not.toContain('078-05-1120')
    expect(hidden.items).toEqual([])
  })

  it("keeps an UPDATE's and a DELETE's old row to its key under RLS, and applies no filter to a DELETE", async () => {
    await rowsOf(
      tp,
      owner,
      ref,
      `create table public.notes (id int primary key, body text, secret text, is_public boolean not null default false);
       alter table public.notes enable row level security;
       alter table public.notes replica identity full;
       create policy "public notes" on public.notes for select to anon using (is_public);
       grant select on public.notes to anon;
       alter publication supabase_realtime add table public.notes;`
    )
    const all = inbox<Record<string, any>>()
    const guessed = inbox<Record<string, any>>()
    await subscribed(changesOf(changesOf(client().channel('notes'), 'notes', all), 'notes', guessed, 'secret=eq.hunter2'))
    // Made private, then public: its private state is never sent.
    await rowsOf(tp, owner, ref, `insert into public.notes values (1, 'DRAFT: confidential', 'hunter2', false)`)
    await rowsOf(tp, owner, ref, `update public.notes set is_public = true, body = 'published' where id = 1`)
    const update = await all.next()
    expect(update).toMatchObject({ eventType: 'UPDATE', new: { body: 'published' }, old: { id: 1 } })
    expect(Object.keys(update.old)).toEqual(['id'])
    await rowsOf(tp, owner, ref, `delete from public.notes where id = 1`)
    expect(await all.next()).toMatchObject({ eventType: 'DELETE', old: { id: 1 } })
    expect(all.items.map((p) => p.eventType)).toEqual(['UPDATE', 'DELETE'])
    // The filter on `secret` matched the UPDATE of a row anon may see, never the DELETE.
    expect(guessed.items.map((p) => p.eventType)).toEqual(['UPDATE'])
  })

  it('refuses JSON nested past a depth, and a socket closed after it leaves nothing behind', async () => {
    const service = realtimeService(tp.platform)
    const before = service.socketsOf(ref)
    const { ws, push } = await rawSocket()
    expect((await push('realtime:deep', 'phx_join', { config: {} })).status).toBe('ok')
    // Written as text: the test's own JSON.stringify would not write it.
    const depth = 10_000
    const deep = `${'{"deep":'.repeat(depth)}true${'}'.repeat(depth)}`
    const reply = new Promise<any>((resolve) => ws.on('message', (data) => {
      const message = JSON.parse(data.toString())
      if (message.ref === 'deep') resolve(message.payload)
    }))
    ws.send(`{"topic":"realtime:deep","event":"presence","ref":"deep","join_ref":"1","payload":{"type":"presence","event":"track","payload":${deep}}}`)
    const refused = await reply
    expect(refused).toMatchObject({ status: 'error', response: { reason: expect.stringMatching(/nests at most/) } })
    ws.close()
    while (service.socketsOf(ref) !== before) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(service.hub.membersOf(ref, 'deep', false)).toBe(0)
  })

  it('counts joins sent at once against the channels a connection may hold', async () => {
    const { ws, push } = await rawSocket()
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => push(`realtime:many-${i}`, 'phx_join', { config: {} })))
    expect(answers.filter((a) => a.status === 'ok')).toHaveLength(100)
    ws.close()
  })

  it('lets go of a client that stops reading', async () => {
    const service = realtimeService(tp.platform)
    const { ws, push } = await rawSocket()
    expect((await push('realtime:flood', 'phx_join', { config: {} })).status).toBe('ok')
    const before = service.socketsOf(ref)
    // The client reads nothing more; a broadcast of 200 KB goes to it, over and over.
    ;(ws as unknown as { _socket: { pause(): void } })._socket.pause()
    const blob = 'x'.repeat(200 * 1024)
    for (let i = 0; i < 200 && service.socketsOf(ref) === before; i++) {
      const sent = await fetch(`${url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: keys.anon_key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: 'flood', event: 'blob', payload: { blob } }] }),
      })
      expect(sent.status).toBe(202)
    }
    expect(service.socketsOf(ref)).toBe(before - 1)
    ws.terminate()
  })
})

describe('the handshake', () => {
  const handshake = (path: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${tp.url.replace('http', 'ws')}${path}`, { headers })
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.on('open', () => {
        ws.close()
        resolve(101)
      })
      ws.on('error', () => undefined)
    })

  it("passes the gateway's gate: this project's key, a known project, a known vsn", async () => {
    expect(await handshake(`/p/${ref}/realtime/v1/websocket?apikey=${keys.anon_key}&vsn=2.0.0`)).toBe(101)
    expect(await handshake(`/p/${ref}/realtime/v1/websocket?vsn=2.0.0`)).toBe(401)
    expect(await handshake(`/p/${ref}/realtime/v1/websocket?apikey=a.b.c&vsn=2.0.0`)).toBe(401)
    expect(await handshake(`/p/nosuchproject/realtime/v1/websocket?apikey=${keys.anon_key}`)).toBe(404)
    expect(await handshake(`/p/${ref}/realtime/v1/websocket?apikey=${keys.anon_key}&vsn=9`)).toBe(400)
    expect(await handshake(`/p/${ref}/rest/v1/websocket?apikey=${keys.anon_key}`)).toBe(404)
  })

  it('refuses a host name the server does not answer to, as every request (DNS rebinding)', async () => {
    expect(await handshake(`/p/${ref}/realtime/v1/websocket?apikey=${keys.anon_key}&vsn=2.0.0`, { Host: 'rebound.example' })).toBe(403)
  })
})

describe('the dashboard', () => {
  it('shows the limits in force and what the server streams', async () => {
    const settings = await tp.call('GET', `/platform/realtime/${ref}/settings`, { token: owner })
    expect(settings.status).toBe(200)
    expect(settings.body).toMatchObject({
      url,
      websocket_url: `${url.replace('http', 'ws')}/realtime/v1/websocket`,
      max_connections: 200,
      max_message_bytes: 250 * 1024,
      changes_available: true,
    })
    expect(settings.body.published_tables).toBeGreaterThanOrEqual(2)
    expect(settings.body.connections).toBeGreaterThan(0)
  })

  it("gives the inspector a user's token: its channel sees that user's rows only", async () => {
    const carol = await signedUp('carol')
    const given = await tp.call('POST', `/platform/realtime/${ref}/inspector-token`, { token: owner, body: { role: 'authenticated', user_id: carol.id } })
    expect(given.status).toBe(200)
    expect(given.body).toMatchObject({ url, apikey: keys.anon_key, role: 'authenticated' })
    const inspector = client(given.body.apikey)
    inspector.realtime.setAuth(given.body.access_token)
    const got = inbox<Record<string, any>>()
    await subscribed(inspector.channel('inspect').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'todos' }, (p) => got.push(p)))
    const dave = await signedUp('dave')
    await dave.client.from('todos').insert({ task: 'not for carol' })
    await carol.client.from('todos').insert({ task: 'for carol' })
    expect((await got.next()).new.task).toBe('for carol')
    expect(got.items).toHaveLength(1)
    const refused = await tp.call('POST', `/platform/realtime/${ref}/inspector-token`, { token: owner, body: { role: 'authenticated' } })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/Choose the user/)
  })
})

describe('usage', () => {
  it("counts the project's messages and its peak of sockets into its usage", async () => {
    await sampleUsage(tp.platform)
    const rows = await tp.platform.db.query<{ metric: string; value: string }>(
      `select metric, sum(value)::text as value from usage_daily where project_ref = $1 and metric like 'REALTIME_%' group by metric`,
      [ref]
    )
    const usage = Object.fromEntries(rows.map((r) => [r.metric, Number(r.value)]))
    // Broadcasts, presence and database changes above: dozens at least.
    expect(usage.REALTIME_MESSAGES).toBeGreaterThan(20)
    expect(usage.REALTIME_PEAK_CONNECTIONS).toBeGreaterThanOrEqual(3)
  })
})

describe('realtime_logs', () => {
  it('records connections, joins and refusals, never a token or a payload', async () => {
    await flushLogs(tp.platform)
    const events = (await tp.call('GET', `/platform/projects/${ref}/logs?source=realtime_logs&limit=1000`, { token: owner })).body.events as { event_message: string; metadata: Record<string, unknown> }[]
    const messages = events.map((e) => e.event_message)
    expect(messages).toContain('Connected with the anon key')
    expect(messages).toContain('Joined realtime:room-1 as anon')
    expect(messages.some((m) => /^Refused realtime:bad-filter: The filter operator like/.test(m))).toBe(true)
    expect(messages.some((m) => /^POST \| 202 \| \/realtime\/v1\/api\/broadcast/.test(m))).toBe(true)
    const text = JSON.stringify(events)
    expect(text).not.toContain(keys.anon_key)
    expect(text).not.toContain('"x":1')
  })
})

describe('a rotated JWT secret', () => {
  it("closes the project's sockets: each trusted the secret of its handshake", async () => {
    const system = inbox<Record<string, any>>()
    const channel = client(keys.service_role_key).channel('rotating')
    channel.on('system', {}, (p) => system.push(p))
    await subscribed(channel)
    expect((await tp.call('POST', `/platform/projects/${ref}/api-settings/rotate-jwt-secret`, { token: owner })).status).toBe(200)
    expect((await system.next()).message).toMatch(/JWT secret was rotated/)
    keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
  })
})

describe('a pause', () => {
  it("closes the project's sockets with a reason, and its slot goes", async () => {
    const system = inbox<Record<string, any>>()
    const channel = client().channel('last')
    channel.on('system', {}, (p) => system.push(p))
    channel.on('postgres_changes', { event: '*', schema: 'public', table: 'scores' }, () => undefined)
    await subscribed(channel)
    expect(await system.next()).toMatchObject({ extension: 'postgres_changes', status: 'ok' })
    const slots = () => asEngineAdmin(async (c) => (await c.query('select slot_name from pg_replication_slots where slot_name = $1', [`supaboard_realtime_${ref}`])).rowCount)
    expect(await slots()).toBe(1)
    expect((await tp.call('POST', `/platform/projects/${ref}/pause`, { token: owner })).status).toBe(200)
    while ((await statusOf(tp, ref)) !== 'INACTIVE') await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await slots()).toBe(0)
    const reasons = system.items.map((p) => p.message)
    expect(reasons.some((m) => /paused/.test(m))).toBe(true)
    expect(realtimeService(tp.platform).socketsOf(ref)).toBe(0)
  })
})
