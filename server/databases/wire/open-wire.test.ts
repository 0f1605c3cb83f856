// @vitest-environment node
/**
 * Handing an authenticated client to a project's worker while the worker is still opening: a
 * client that leaves meanwhile leaves no session behind, and a password change meanwhile keeps
 * a client of the old password out.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { embeddedDatabases, type EmbeddedDatabases } from '../embedded'
import { startupMessage } from './startup'

let dataDir: string
let databases: EmbeddedDatabases
let server: net.Server
const REF = 'openwiretest'

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'open-wire-'))
  databases = embeddedDatabases({ dataDir, maxOpen: 4, maxResultBytes: 1e7 })
  await databases.provision(REF)
  server = net.createServer(() => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})

afterAll(async () => {
  await databases.closeAll()
  server.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** The server's end of a fresh connection, paused as the listener hands it over. */
async function serverSocket(): Promise<net.Socket> {
  const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve))
  const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1')
  client.on('error', () => undefined)
  const socket = await accepted
  socket.on('error', () => undefined)
  socket.pause()
  return socket
}

const session = (credential: string) => ({
  startup: startupMessage({ user: 'postgres', database: 'postgres' }),
  rest: Buffer.alloc(0),
  credential,
  statementTimeoutMs: 60_000,
  idleTimeoutMs: 0,
})

it('a client that leaves while the worker opens leaves no session behind', async () => {
  await databases.restart(REF) // the worker is closed: the next client waits for it to open
  const socket = await serverSocket()
  const opening = databases.openWire(REF, socket, session('cred-a'))
  setImmediate(() => socket.destroy()) // gone while the worker starts
  await opening
  expect(databases.wireSessionCount(REF)).toBe(0)
})

it('a password change while the worker opens keeps a client of the old password out', async () => {
  await databases.restart(REF)
  const socket = await serverSocket()
  const opening = databases.openWire(REF, socket, session('cred-old'))
  setImmediate(() => databases.endWireSessions(REF, 'cred-new')) // changed while the worker starts
  expect(await opening).toBe(false)
  expect(databases.wireSessionCount(REF)).toBe(0)
  socket.destroy()
})

it('a pause while the worker opens keeps the client out', async () => {
  await databases.restart(REF)
  databases.resume(REF)
  const socket = await serverSocket()
  const opening = databases.openWire(REF, socket, session('cred-new'))
  let pausing: Promise<void> | undefined
  setImmediate(() => (pausing = databases.suspend(REF))) // paused while the worker starts
  await expect(opening).rejects.toThrow()
  await pausing
  expect(databases.wireSessionCount(REF)).toBe(0)
  databases.resume(REF)
  socket.destroy()
})
