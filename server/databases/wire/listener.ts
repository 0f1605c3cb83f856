/**
 * One TCP listener for every embedded project database (EMBEDDED_DB_PORT / EMBEDDED_DB_HOST).
 * It speaks the start of the Postgres protocol itself: SSLRequest is answered 'N' (no TLS here),
 * the startup packet names the project (`database` = its ref, `user` = postgres), and the client
 * authenticates with SCRAM-SHA-256 against the project's password. Never trust: an unknown ref
 * and a wrong password get the same answer after the same exchange, so refs cannot be probed,
 * and failed attempts per client address are limited. Then the connection is handed to the
 * project's database (its worker serves the session, see embedded.ts).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import net from 'node:net'
import { authenticationSasl, authenticationSaslContinue, authenticationSaslFinal, fatalError, parseSaslInitialResponse } from './backend-messages'
import { makeVerifier, parseClientFirst, SCRAM_MECHANISM, serverFirst, verifyClientFinal, type ScramVerifier } from './scram'
import { readStartupPacket, readTypedMessage, startupMessage } from './startup'

/** How long a client has to finish the handshake (Postgres' authentication_timeout is one minute). */
const HANDSHAKE_TIMEOUT_MS = 30_000
/** Largest message accepted before authentication. */
const MAX_AUTH_MESSAGE_BYTES = 8 * 1024
const PROJECT_USER = 'postgres'
const AUTH_FAILED = `password authentication failed for user "${PROJECT_USER}"`

export type WireProject = {
  password: string
  /** Why it does not take connections now (paused, restarting …); null when it does. */
  notServing: string | null
}

export type WireListenerDeps = {
  /** The project with this ref, when it is an embedded one with a password; null otherwise. */
  lookup(ref: string): Promise<WireProject | null>
  /** Seconds to wait when this address failed too often already; null when it may try. */
  refusedFor(address: string): Promise<number | null>
  recordFailure(address: string): Promise<void>
  /**
   * Serves the authenticated connection: `startup` goes to the database first (it answers
   * AuthenticationOk, its parameters and ReadyForQuery), then everything the client sends.
   * False: the password changed while the client authenticated (it is refused like a wrong one).
   */
  open(ref: string, socket: net.Socket, session: { startup: Buffer; rest: Buffer; credential: string }): Promise<boolean>
  /** Why the database could not take the connection, as the client should read it. */
  openFailure(error: unknown): { code: string; message: string }
}

export type WireListener = { host: string; port: number; close(): Promise<void> }

/** Names a password without holding it: sessions opened with an older one are ended when it changes. */
export const credentialOf = (password: string) => createHash('sha256').update(password, 'utf8').digest('hex').slice(0, 32)

export async function startWireListener(options: { host: string; port: number }, deps: WireListenerDeps): Promise<WireListener> {
  /** Unknown refs get a salt that stays the same for the life of the process, like a real one. */
  const decoySecret = randomBytes(32)
  const verifiers = new Map<string, ScramVerifier>()

  function verifierFor(ref: string, project: WireProject | null): ScramVerifier {
    if (!project) return makeVerifier(randomBytes(24).toString('base64'), createHmac('sha256', decoySecret).update(ref).digest().subarray(0, 16))
    const key = `${ref}\0${credentialOf(project.password)}`
    let verifier = verifiers.get(key)
    if (!verifier) {
      verifier = makeVerifier(project.password)
      if (verifiers.size >= 1000) verifiers.delete(verifiers.keys().next().value!)
      verifiers.set(key, verifier)
    }
    return verifier
  }

  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    // A reset or a write after the peer left must never reach the process as an uncaught error.
    socket.on('error', () => socket.destroy())
    socket.setNoDelay(true)
    socket.setTimeout(HANDSHAKE_TIMEOUT_MS, () => socket.destroy())
    void handshake(socket).catch(() => socket.destroy())
  })

  async function handshake(socket: net.Socket) {
    const reader = bufferedReader(socket)
    const fail = (code: string, message: string) => {
      socket.end(fatalError(code, message))
      reader.stop()
    }
    let params: Record<string, string> | undefined
    while (!params) {
      const packet = await reader.next(readStartupPacket)
      if (!packet) return
      if (packet.kind === 'invalid') return fail('08P01', packet.reason)
      if (packet.kind === 'cancel') return void socket.end() // PGlite has no running backend to signal
      if (packet.kind === 'ssl' || packet.kind === 'gssenc') socket.write('N')
      else if (packet.kind === 'startup') params = packet.params
    }
    const ref = params.database ?? params.user ?? ''
    const address = socket.remoteAddress ?? 'unknown'
    const waitSeconds = await deps.refusedFor(address)
    if (waitSeconds !== null) return fail('28000', `too many failed connection attempts; try again in ${waitSeconds} seconds`)

    const known = params.user === PROJECT_USER ? await deps.lookup(ref) : null
    const verifier = verifierFor(ref, known)
    socket.write(authenticationSasl([SCRAM_MECHANISM]))

    const initial = await reader.next((b) => readTypedMessage(b, MAX_AUTH_MESSAGE_BYTES))
    if (!initial) return
    if ('invalid' in initial || initial.type !== 'p') return fail('08P01', 'expected SASL response')
    const sasl = parseSaslInitialResponse(initial.body)
    if (!sasl || sasl.mechanism !== SCRAM_MECHANISM) return fail('28000', 'client selected an invalid SASL authentication mechanism')
    const client = parseClientFirst(sasl.data)
    if ('error' in client) return fail('08P01', client.error)
    const first = serverFirst(client, verifier)
    socket.write(authenticationSaslContinue(first.message))

    const final = await reader.next((b) => readTypedMessage(b, MAX_AUTH_MESSAGE_BYTES))
    if (!final) return
    if ('invalid' in final || final.type !== 'p') return fail('08P01', 'expected SASL response')
    const serverFinal = verifyClientFinal(final.body.toString('utf8'), { client, serverFirst: first.message, nonce: first.nonce }, verifier)
    if (!serverFinal || !known) {
      await deps.recordFailure(address)
      return fail('28P01', AUTH_FAILED)
    }
    if (known.notServing) return fail('57P03', known.notServing)

    socket.write(authenticationSaslFinal(serverFinal))
    socket.setTimeout(0)
    const rest = reader.stop()
    // The database sees only what it needs: it is one database, and its one user is postgres.
    const startup = startupMessage({ user: PROJECT_USER, database: 'postgres' })
    try {
      if (!(await deps.open(ref, socket, { startup, rest, credential: credentialOf(known.password) }))) socket.end(fatalError('28P01', AUTH_FAILED))
    } catch (error) {
      const { code, message } = deps.openFailure(error)
      if (!socket.destroyed) socket.end(fatalError(code, message))
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', (error) => console.warn(`[embedded-db] listener: ${error.message}`))
  const address = server.address() as net.AddressInfo
  return {
    host: options.host,
    port: address.port,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
    },
  }
}

/**
 * Bytes of a socket read packet by packet during the handshake. `next(parse)` resolves with the
 * first packet `parse` recognises (null when the socket ended first); `stop()` detaches and
 * answers what was read beyond it.
 */
function bufferedReader(socket: net.Socket) {
  let buffer = Buffer.alloc(0)
  let wake: (() => void) | null = null
  let ended = false
  const onData = (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    wake?.()
  }
  const onEnd = () => {
    ended = true
    wake?.()
  }
  socket.on('data', onData)
  socket.once('close', onEnd)
  return {
    async next<T extends { length: number } | { invalid: string }>(parse: (b: Buffer) => T | null): Promise<T | null> {
      for (;;) {
        const packet = parse(buffer)
        if (packet) {
          buffer = 'length' in packet ? buffer.subarray(packet.length) : Buffer.alloc(0)
          return packet
        }
        if (ended) return null
        await new Promise<void>((resolve) => (wake = resolve))
        wake = null
      }
    },
    stop(): Buffer {
      // Paused until the database takes over: bytes sent meanwhile wait in the socket.
      socket.pause()
      socket.off('data', onData)
      socket.off('close', onEnd)
      return buffer
    },
  }
}
