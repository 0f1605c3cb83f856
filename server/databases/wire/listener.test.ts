// @vitest-environment node
/**
 * The listener before authentication, with a control plane that is a few lines: connection caps
 * in all and per address, a handshake deadline that trickled bytes do not extend, and attempts
 * counted before they are made (attempts made at once cannot all get through).
 */
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
    connectionCaps: () => ({ total: 0, perAddress: 0 }),
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

describe('wire listener limits', () => {
  it('refuses connections over the caps, in all and per address', async () => {
    listener = await startWireListener({ host: '127.0.0.1', port: 0 }, deps({ connectionCaps: () => ({ total: 0, perAddress: 2 }) }))
    const first = await connected(listener.port)
    const second = await connected(listener.port)
    const third = await connected(listener.port)
    const answer = (await answerOf(third)).toString('latin1')
    expect(answer[0]).toBe('E')
    expect(answer).toContain('53300')
    first.destroy()
    second.destroy()
  })

  it('refuses connections over the total cap', async () => {
    listener = await startWireListener({ host: '127.0.0.1', port: 0 }, deps({ connectionCaps: () => ({ total: 1, perAddress: 0 }) }))
    const first = await connected(listener.port)
    const answer = (await answerOf(await connected(listener.port))).toString('latin1')
    expect(answer).toContain('too many clients')
    first.destroy()
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
