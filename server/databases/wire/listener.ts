/**
 * One TCP listener for every embedded project database (EMBEDDED_DB_PORT / EMBEDDED_DB_HOST).
 * It speaks the start of the Postgres protocol itself: SSLRequest is answered 'N' (no TLS here),
 * the startup packet names the project (`database` = its ref, `user` = postgres), and the client
 * authenticates with SCRAM-SHA-256 against the project's password. Never trust: an unknown ref
 * and a wrong password get the same answer after the same exchange (a decoy verifier costs
 * nothing, a real one is made off the main thread), so refs cannot be probed; every attempt counts
 * against the client address before it is made (a success is taken back); the handshake has a
 * deadline; connections are capped per address, handshakes not yet authenticated in all (a full
 * table of them cuts its oldest, so idle handshakes cannot keep anyone out) and authenticated
 * sessions in all. Then the connection is handed to the project's database (its worker serves the
 * session, see embedded.ts).
 *
 * The platform's own clients (GraphQL) come through a door of their own: a Unix socket in a
 * directory only this process's user can open, served outside every cap outsiders can fill, which
 * takes the platform's credential only.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
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
const TOO_MANY_HANDSHAKES = 'too many connections are authenticating at once; try again'

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

export type WireListenerOptions = {
  host: string
  port: number
  handshakeTimeoutMs?: number
  /** Open the platform's own door (a Unix socket); false in tests of the TCP door alone. */
  platformSocket?: boolean
}

export type WireListenerDeps = {
  /**
   * Read for every new connection (0: no cap). `total`: sessions authenticated with a project's
   * password, open at once; `handshakes`: connections not authenticated yet (the oldest is cut to
   * make room); `perAddress`: connections of one client address, authenticated or not. The
   * platform's own sessions count against none of them.
   */
  connectionCaps(): { total: number; perAddress: number; handshakes: number }
  /** The project with this ref, when it is an embedded one with a password; null otherwise. */
  lookup(ref: string): Promise<WireProject | null>
  /**
   * Counts an attempt to authenticate before it is made (so that attempts made at once are all
   * counted): seconds to wait when this address (or this address for this ref) tried too often
   * already, null when it may try.
   */
  beginAttempt(address: string, ref: string): Promise<number | null>
  /**
   * The attempt succeeded, with the project's password or the platform's: it does not count
   * against the address (only the project's password makes the address one that connected before).
   */
  attemptSucceeded(address: string, ref: string, by: 'project' | 'platform'): Promise<void>
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
  /**
   * The directory of the platform's own door: pg reaches it as `host` (the socket is
   * `<dir>/.s.PGSQL.<port>`); null when it could not be opened (the platform then uses TCP).
   */
  platformSocketDir: string | null
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
  /** Connections not authenticated yet, oldest first (a Set keeps insertion order). */
  const handshaking = new Set<net.Socket>()
  /** How many connections each client address has open (the platform's own sessions excepted). */
  const perAddress = new Map<string, number>()
  /** Sessions authenticated with a project's password, through the TCP door. */
  let clientSessions = 0

  const leaveAddress = (address: string) => {
    const left = (perAddress.get(address) ?? 1) - 1
    if (left > 0) perAddress.set(address, left)
    else perAddress.delete(address)
  }
  /** The oldest handshake (of one address, when given) makes room for a new connection. */
  const cutOldestHandshake = (address?: string) => {
    for (const socket of handshaking) {
      if (address !== undefined && socket.remoteAddress !== address) continue
      handshaking.delete(socket)
      socket.end(fatalError('53300', TOO_MANY_HANDSHAKES))
      socket.destroySoon()
      return true
    }
    return false
  }

  /** Common to both doors: the deadline, and the handshake itself. */
  function serve(socket: net.Socket, door: Door) {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.setNoDelay(true)
    // A deadline, not an inactivity timer: a byte now and then does not keep a handshake going.
    const deadline = setTimeout(() => socket.destroy(), options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS)
    socket.once('close', () => clearTimeout(deadline))
    const admit: Door['admit'] = (kind) => {
      clearTimeout(deadline)
      return door.admit(kind)
    }
    void handshake(socket, { ...door, admit }).catch(() => socket.destroy())
  }

  const server = net.createServer((socket) => {
    // A reset or a write after the peer left must never reach the process as an uncaught error.
    socket.on('error', () => socket.destroy())
    const address = socket.remoteAddress ?? 'unknown'
    const caps = deps.connectionCaps()
    // An address at its cap makes room by cutting its own oldest handshake, or is refused.
    if (caps.perAddress > 0 && (perAddress.get(address) ?? 0) >= caps.perAddress && !cutOldestHandshake(address)) {
      socket.end(fatalError('53300', TOO_MANY))
      socket.destroySoon() // closed once the answer is out, whatever the client does
      return
    }
    if (caps.handshakes > 0 && handshaking.size >= caps.handshakes) cutOldestHandshake()
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
    handshaking.add(socket)
    let counted: 'address' | 'session' | null = 'address'
    socket.once('close', () => {
      handshaking.delete(socket)
      if (counted === 'session') clientSessions--
      if (counted) leaveAddress(address)
    })
    serve(socket, {
      address,
      platformOnly: false,
      admit(kind) {
        handshaking.delete(socket)
        if (kind === 'platform') {
          // The platform's own session (TCP when its door could not be opened): no outsider's cap.
          counted = null
          leaveAddress(address)
          return true
        }
        const { total } = deps.connectionCaps()
        if (total > 0 && clientSessions >= total) return false
        clientSessions++
        counted = 'session'
        return true
      },
    })
  })

  /** The platform's door: only this process's user can open its directory. */
  const platformServer = net.createServer((socket) => {
    socket.on('error', () => socket.destroy())
    serve(socket, { address: 'platform', platformOnly: true, admit: () => true })
  })

  async function handshake(socket: net.Socket, door: Door) {
    const { address } = door
    const reader = bufferedReader(socket)
    const fail = (code: string, message: string) => {
      socket.end(fatalError(code, message))
      socket.destroySoon()
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
    // Nobody guesses through the platform's door: only this process can open it.
    const waitSeconds = door.platformOnly ? null : await deps.beginAttempt(address, ref)
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
    // The platform's door takes the platform's credential only.
    const asProject = door.platformOnly ? null : verifyClientFinal(finalMessage, exchange, verifier.project)
    const asPlatform = asProject || !verifier.platform ? null : verifyClientFinal(finalMessage, exchange, verifier.platform)
    const serverFinal = asProject ?? asPlatform
    if (!serverFinal || !known) return fail('28P01', AUTH_FAILED)
    // Counted before the exchange, taken back now: the platform's credential is never a guess,
    // also when it comes over TCP (no socket of its own could be made).
    if (!door.platformOnly) await deps.attemptSucceeded(address, ref, asProject ? 'project' : 'platform')
    if (known.notServing) return fail('57P03', known.notServing)

    if (!door.admit(asProject ? 'client' : 'platform')) return fail('53300', TOO_MANY)
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
  const platformSocketDir = options.platformSocket === false ? null : await openPlatformDoor(platformServer, address.port)
  return {
    host: options.host,
    port: address.port,
    platformPassword,
    platformSocketDir,
    async close() {
      const closing = [server, ...(platformSocketDir ? [platformServer] : [])].map(
        (s) => new Promise<void>((resolve) => s.close(() => resolve()))
      )
      for (const socket of sockets) socket.destroy()
      await Promise.all(closing)
      if (platformSocketDir) fs.rmSync(platformSocketDir, { recursive: true, force: true })
    },
  }
}

/** What a door decides about a connection that authenticated (`admit`: false refuses it, over the cap). */
type Door = { address: string; platformOnly: boolean; admit(kind: 'client' | 'platform'): boolean }

/**
 * Listens on `<dir>/.s.PGSQL.<port>` in a new directory only this user can open (mkdtemp makes it
 * 0700); null, and a warning, when that is not possible here (the platform then connects over TCP).
 */
async function openPlatformDoor(server: net.Server, port: number): Promise<string | null> {
  let dir: string | null = null
  try {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-db-'))
    const socketPath = path.join(dir, `.s.PGSQL.${port}`)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, () => {
        server.off('error', reject)
        resolve()
      })
    })
    server.on('error', (error) => console.warn(`[embedded-db] platform socket: ${error.message}`))
    return dir
  } catch (error) {
    console.warn(`[embedded-db] no platform socket, the platform connects over TCP: ${(error as Error).message}`)
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
    return null
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
