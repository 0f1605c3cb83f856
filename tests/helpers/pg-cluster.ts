/**
 * A throwaway PostgreSQL 15 cluster for tests: initdb into a temp dir, start on a free port on
 * 127.0.0.1, trust auth, fsync off; stop() kills it (immediate) and removes the dir.
 * initdb refuses to run as root, so as root everything runs as the `postgres` user.
 */
import { execFile, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

export function hasPgBinaries(): boolean {
  return existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_ctl'))
}

/**
 * Whether suites that need a real server should run. Under CI=true missing binaries are an error,
 * not a skip (CI installs them).
 */
export function pgClusterAvailable(): boolean {
  if (hasPgBinaries()) return true
  if (process.env.CI === 'true') {
    throw new Error(`PostgreSQL server binaries not found in ${PG_BIN} (CI must install postgresql)`)
  }
  return false
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export async function startPgCluster(): Promise<{ url: string; stop(): Promise<void> }> {
  if (!hasPgBinaries()) throw new Error(`PostgreSQL server binaries not found in ${PG_BIN}`)
  const asRoot = process.getuid?.() === 0
  const pgUser = asRoot ? (await run('id', ['-u', 'postgres'])).stdout.trim() : undefined
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pg-cluster-'))
  if (asRoot) await chown(dir, Number(pgUser), Number(pgUser))
  const pgRun = (bin: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args])
      : run(path.join(PG_BIN, bin), args)

  const data = path.join(dir, 'data')
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])

  // The port is free now but could be taken before postgres binds it: retry a few times.
  let port = 0
  for (let attempt = 0; ; attempt++) {
    port = await freePort()
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`
    try {
      await pgRun('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start'])
      break
    } catch (e) {
      if (attempt >= 2) {
        await rm(dir, { recursive: true, force: true })
        throw e
      }
    }
  }

  let stopped = false
  // If the test process dies without afterAll, don't leave a server running.
  const stopOnExit = () => {
    const ctl = [path.join(PG_BIN, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', ...ctl])
    else spawnSync(ctl[0], ctl.slice(1))
  }
  process.once('exit', stopOnExit)
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return
      stopped = true
      process.off('exit', stopOnExit)
      await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      await rm(dir, { recursive: true, force: true })
    },
  }
}
