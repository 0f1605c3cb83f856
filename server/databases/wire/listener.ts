/**
 * One TCP listener for every embedded project database (EMBEDDED_DB_PORT / EMBEDDED_DB_HOST).
 * It speaks the start of the Postgres protocol itself: SSLRequest is answered 'N' (no TLS here),
 * the startup packet names the project (`database` = its ref, `user` = postgres), and the client
 * authenticates with SCRAM-SHA-256 against the project's password. Never trust: an unknown ref
 * and a wrong password get the same answer after the same exchange (a decoy verifier costs
 * nothing, a real one is made off the main thread), so refs cannot be probed; every attempt counts
 * against the client address before it is made (a success is taken back); the handshake has a
 * deadline; connections are capped in all and per address. Then the connection is handed to the
 * project's database (its worker serves the session, see embedded.ts).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import net from 'node:net'
import { authenticationSasl, authenticationSaslContinue, authenticationSaslFinal, fatalError, parseSaslInitialResponse } from './backend-messages'
import { decoyVerifier, makeVerifierAsync, parseClientFirst, SCRAM_MECHANISM, serverFirst, verifyClientFinal, type ScramVerifier } from './scram'
import { readStartupPacket, readTypedMessage, startupMessage } from './startup'

/** How long a client has, in all, to finish the handshake (Postgres' authentication_timeout is one minute). */
const HANDSHAKE_TIMEOUT_MS = 30_000
/** Largest message accepted before authentication. */
const MAX_AUTH_MESSAGE_BYTES = 8 * 1024
const PROJECT_USER = 'postgres'
const AUTH_FAILED = `password authentication failed for user "${PROJECT_USER}"`
const TOO_MANY = 'sorry, too many clients already'

/**
 * The credential of sessions the platform opens itself (the GraphQL endpoint), with a password
 * only this process knows (WireListener.platformPassword): a change of the project's password
 * does not end them, nor make them fail.
 */
export const PLATFORM_CREDENTIAL = 'platform'

export type WireProject = {
  /** The project's id in the control plane. */
  id: number
  password: string
  /** Why it does not take connections now (paused, restarting, restricted …); null when it does. */
  notServing: string | null
}

export type WireListenerOptions = { host: string; port: number; handshakeTimeoutMs?: number }

export type WireListenerDeps = {
  /** Connections open at once, in all and per client address (0: no cap); read for every new connection. */
  connectionCaps(): { total: number; perAddress: number }
  /** The project with this ref, when it is an embedded one with a password; null otherwise. */
  lookup(ref: string): Promise<WireProject | null>
  /**
   * Counts an attempt to authenticate before it is made (so that attempts made at once are all
   * counted): seconds to wait when this address (or this address for this ref) tried too often
   * already, null when it may try.
   */
  beginAttempt(address: string, ref: string): Promise<number | null>
  /** The attempt succeeded: it does not count against the address. */
  attemptSucceeded(address: string, ref: string): Promise<void>
  /**
   * Serves the authenticated connection: `startup` goes to the database first (it answers
   * AuthenticationOk, its parameters and ReadyForQuery), then everything the client sends.
   * False: the password changed while the client authenticated (it is refused like a wrong one).
   */
  open(ref: string, socket: net.Socket, session: { startup: Buffer; rest: Buffer; credential: string }, project: WireProject): Promise<boolean>
  /** Why the database could not take the connection, as the client should read it. */
  openFailure(error: unknown): { code: string; message: string }
}

export type WireListener = {
  host: string
  port: number
  /** The password the platform's own clients use for a project (see PLATFORM_CREDENTIAL). */
  platformPassword(ref: string): string
  close(): Promise<void>
}

/** Names a password without holding it: sessions opened with an older one are ended when it changes. */
export const credentialOf = (password: string) => createHash('sha256').update(password, 'utf8').digest('hex').slice(0, 32)

export async function startWireListener(options: WireListenerOptions, deps: WireListenerDeps): Promise<WireListener> {
  /** Unknown refs get a verifier derived from this: the same salt for the life of the process, like a real one. */
  const decoySecret = randomBytes(32)
  const platformSecret = randomBytes(32)
  const platformPassword = (ref: string) => createHmac('sha256', platformSecret).update(ref).digest('base64url')
  /** Verifiers of real passwords, each with the platform's one made with the same salt. */
  const verifiers = new Map<string, Promise<{ project: ScramVerifier; platform: ScramVerifier }>>()

  /**
   * The verifiers of a known project (PBKDF2 in the thread pool, once per password) or a decoy
   * (no PBKDF2). Both paths await once, so that neither answers sooner by being synchronous.
   */
  async function verifiersFor(ref: string, project: WireProject | null): Promise<{ project: ScramVerifier; platform: ScramVerifier | null }> {
    if (!project) return { project: await Promise.resolve(decoyVerifier(decoySecret, ref)), platform: null }
    const key = `${ref}\0${credentialOf(project.password)}`
    let made = verifiers.get(key)
    if (!made) {
      made = (async () => {
        const own = await makeVerifierAsync(project.password)
        return { project: own, platform: await makeVerifierAsync(platformPassword(ref), own.salt) }
      })()
      made.catch(() => verifiers.delete(key))
      if (verifiers.size >= 1000) verifiers.delete(verifiers.keys().next().value!)
      verifiers.set(key, made)
    }
    return made
  }

  const sockets = new Set<net.Socket>()
  const perAddress = new Map<string, number>()
  const server = net.createServer((socket) => {
    // A reset or a write after the peer left must never reach the process as an uncaught error.
    socket.on('error', () => socket.destroy())
    const address = socket.remoteAddress ?? 'unknown'
    const fromAddress = perAddress.get(address) ?? 0
    const caps = deps.connectionCaps()
    if ((caps.total > 0 && sockets.size >= caps.total) || (caps.perAddress > 0 && fromAddress >= caps.perAddress)) {
      socket.end(fatalError('53300', TOO_MANY))
      return
    }
    sockets.add(socket)
    perAddress.set(address, fromAddress + 1)
    socket.once('close', () => {
      sockets.delete(socket)
      const left = (perAddress.get(address) ?? 1) - 1
      if (left > 0) perAddress.set(address, left)
      else perAddress.delete(address)
    })
    socket.setNoDelay(true)
    // A deadline, not an inactivity timer: a byte now and then does not keep a handshake going.
    const deadline = setTimeout(() => socket.destroy(), options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS)
    socket.once('close', () => clearTimeout(deadline))
    void handshake(socket, address, () => clearTimeout(deadline)).catch(() => socket.destroy())
  })

  async function handshake(socket: net.Socket, address: string, authenticated: () => void) {
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
    const waitSeconds = await deps.beginAttempt(address, ref)
    if (waitSeconds !== null) return fail('28000', `too many failed connection attempts; try again in ${waitSeconds} seconds`)

    const known = params.user === PROJECT_USER ? await deps.lookup(ref) : null
    const verifier = await verifiersFor(ref, known)
    socket.write(authenticationSasl([SCRAM_MECHANISM]))

    const initial = await reader.next((b) => readTypedMessage(b, MAX_AUTH_MESSAGE_BYTES))
    if (!initial) return
    if ('invalid' in initial || initial.type !== 'p') return fail('08P01', 'expected SASL response')
    const sasl = parseSaslInitialResponse(initial.body)
    if (!sasl || sasl.mechanism !== SCRAM_MECHANISM) return fail('28000', 'client selected an invalid SASL authentication mechanism')
    const client = parseClientFirst(sasl.data)
    if ('error' in client) return fail('08P01', client.error)
    const first = serverFirst(client, verifier.project)
    socket.write(authenticationSaslContinue(first.message))

    const final = await reader.next((b) => readTypedMessage(b, MAX_AUTH_MESSAGE_BYTES))
    if (!final) return
    if ('invalid' in final || final.type !== 'p') return fail('08P01', 'expected SASL response')
    const exchange = { client, serverFirst: first.message, nonce: first.nonce }
    const finalMessage = final.body.toString('utf8')
    const asProject = verifyClientFinal(finalMessage, exchange, verifier.project)
    const asPlatform = asProject || !verifier.platform ? null : verifyClientFinal(finalMessage, exchange, verifier.platform)
    const serverFinal = asProject ?? asPlatform
    if (!serverFinal || !known) return fail('28P01', AUTH_FAILED)
    await deps.attemptSucceeded(address, ref)
    if (known.notServing) return fail('57P03', known.notServing)

    authenticated()
    socket.write(authenticationSaslFinal(serverFinal))
    const rest = reader.stop()
    // The database sees only what it needs: it is one database, and its one user is postgres.
    const startup = startupMessage({ user: PROJECT_USER, database: 'postgres' })
    const credential = asProject ? credentialOf(known.password) : PLATFORM_CREDENTIAL
    try {
      if (!(await deps.open(ref, socket, { startup, rest, credential }, known))) socket.end(fatalError('28P01', AUTH_FAILED))
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
    platformPassword,
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
