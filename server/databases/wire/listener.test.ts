// @vitest-environment node
/**
 * The listener before authentication, with a control plane that is a few lines: connection caps
 * per address, on handshakes (the oldest cut) and on sessions (the platform's own not counted), the
 * platform's own door, a handshake deadline that trickled bytes do not extend, and attempts
 * counted before they are made (attempts made at once cannot all get through).
 */
import fs from 'node:fs'
import net from 'node:net'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { startWireListener, type WireListener, type WireListenerDeps } from './listener'

let listener: WireListener | null = null
afterEach(async () => {
  await listener?.close()
  listener = null
})

function deps(overrides: Partial<WireListenerDeps> = {}): WireListenerDeps {
  return {
    connectionCaps: () => ({ total: 0, perAddress: 0, handshakes: 0 }),
    lookup: async () => null,
    beginAttempt: async () => null,
    attemptSucceeded: async () => undefined,
    open: async () => true,
    openFailure: () => ({ code: '57P03', message: 'no' }),
    ...overrides,
  }
}

/** Everything the server sent until it closed the connection. */
function answerOf(socket: net.Socket): Promise<Buffer> {
  const chunks: Buffer[] = []
  socket.on('data', (c) => chunks.push(c))
  socket.on('error', () => undefined)
  return new Promise((resolve) => socket.on('close', () => resolve(Buffer.concat(chunks))))
}

const connected = (port: number) =>
  new Promise<net.Socket>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket))
  })

const PASSWORD = 'right-password-1'
/** A control plane that knows one project, and a "database" that answers AuthenticationOk and ReadyForQuery. */
const serving = (overrides: Partial<WireListenerDeps> = {}) =>
  deps({
    lookup: async (ref) => (ref === 'someref' ? { id: 1, password: PASSWORD, notServing: null } : null),
    open: async (_ref, socket) => {
      socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]))
      socket.resume()
      return true
    },
    ...overrides,
  })

/** A pg client's connect: 'connected' (left open until the test ends) or the error's message. */
const clients: pg.Client[] = []
afterEach(async () => {
  // Their sockets, not end(): a client that was refused never answers end().
  for (const client of clients.splice(0)) (client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy()
})
function login(options: { port: number; host?: string; password?: string }): Promise<string> {
  const client = new pg.Client({ host: '127.0.0.1', user: 'postgres', database: 'someref', password: PASSWORD, ...options })
  client.on('error', () => undefined)
  clients.push(client)
  return client.connect().then(
    () => 'connected',
    (e: Error) => e.message
  )
}

describe('wire listener limits', () => {
  it('an address at its cap makes room by cutting its oldest handshake; its sessions are not cut', async () => {
    listener = await startWireListener({ host: '127.0.0.1', port: 0 }, serving({ connectionCaps: () => ({ total: 0, perAddress: 2, handshakes: 0 }) }))
    const first = await connected(listener.port)
    const cut = answerOf(first)
    await connected(listener.port)
    const third = await connected(listener.port)
    const answer = (await cut).toString('latin1')
    expect(answer[0]).toBe('E')
    expect(answer).toContain('53300')
    expect(answer).toContain('authenticating')
    third.destroy()
    // Now two sessions: nothing left to cut, the next connection is refused.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await login({ port: listener.port })).toBe('connected')
    expect(await login({ port: listener.port })).toBe('connected')
    expect(await login({ port: listener.port })).toMatch(/too many clients/)
  })

  it('idle handshakes cannot keep a client out: a full table of them cuts its oldest', async () => {
    listener = await startWireListener({ host: '127.0.0.1', port: 0 }, serving({ connectionCaps: () => ({ total: 2, perAddress: 0, handshakes: 3 }) }))
    const idle = await Promise.all(Array.from({ length: 10 }, () => connected(listener!.port)))
    expect(await login({ port: listener.port })).toBe('connected')
    idle.forEach((socket) => socket.destroy())
  })

  it('caps sessions authenticated with the project password; the platform’s own are not counted', async () => {
    listener = await startWireListener({ host: '127.0.0.1', port: 0 }, serving({ connectionCaps: () => ({ total: 1, perAddress: 0, handshakes: 0 }) }))
    expect(await login({ port: listener.port })).toBe('connected')
    expect(await login({ port: listener.port })).toMatch(/too many clients/)
    // Over TCP (when the platform's door could not be opened) and through its door.
    const platformPassword = listener.platformPassword('someref')
    expect(await login({ port: listener.port, password: platformPassword })).toBe('connected')
    expect(listener.platformSocketDir).not.toBeNull()
    expect(await login({ port: listener.port, host: listener.platformSocketDir!, password: platformPassword })).toBe('connected')
  })

  it('the platform’s door is a socket only this user can open, and takes only the platform’s password', async () => {
    listener = await startWireListener({ host: '127.0.0.1', port: 0 }, serving())
    const dir = listener.platformSocketDir!
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    expect(await login({ port: listener.port, host: dir })).toMatch(/password authentication failed/)
    const closing = listener
    listener = null
    await closing.close()
    expect(fs.existsSync(dir)).toBe(false)
  })

  it('ends a handshake at its deadline, however often the client sends a byte', async () => {
    listener = await startWireListener({ host: '127.0.0.1', port: 0, handshakeTimeoutMs: 300 }, deps())
    const socket = await connected(listener.port)
    const closed = answerOf(socket)
    // A startup packet one byte at a time, never finished before the deadline.
    const trickle = setInterval(() => socket.write(Buffer.from([0])), 50)
    await closed
    clearInterval(trickle)
    expect(socket.destroyed).toBe(true)
  })

  it('counts every attempt before the exchange: attempts made at once do not all get through', async () => {
    const limit = 2
    let attempts = 0
    let exchanges = 0
    listener = await startWireListener(
      { host: '127.0.0.1', port: 0 },
      deps({
        beginAttempt: async () => (++attempts > limit ? 60 : null),
        lookup: async () => {
          exchanges++
          return null
        },
      })
    )
    const port = listener.port
    const errors = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'someref', password: 'wrong-password-123' })
        client.on('error', () => undefined)
        return client.connect().then(
          () => 'connected',
          (e: Error) => e.message
        )
      })
    )
    expect(errors.filter((m) => /password authentication failed/.test(m))).toHaveLength(limit)
    expect(errors.filter((m) => /too many failed connection attempts/.test(m))).toHaveLength(6 - limit)
    expect(exchanges).toBe(limit)
  })
})
