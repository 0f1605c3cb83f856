// A throwaway PostgreSQL cluster for tests and benchmarks: initdb into a temp dir (as the
// postgres user when running as root: initdb refuses root), trust auth on 127.0.0.1 only, fsync
// off, socket in the temp dir, pg_stat_statements preloaded (as the platform's own cluster does).
// stop() kills it (immediate) and removes the dir; so does the process exiting without calling stop().
import { execFile, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The newest PostgreSQL server binaries installed (Debian layout), or PG_BIN. */
export function findPgBin() {
  if (process.env.PG_BIN) return fs.existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null
  const base = '/usr/lib/postgresql'
  if (!fs.existsSync(base)) return null
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? path.join(base, versions[0], 'bin') : null
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/**
 * @param {{ port?: number }} [options] a fixed port; by default a free one (retried if taken
 *   between the check and postgres binding it)
 * @returns {Promise<{ url: string, port: number, pause(): Promise<void>, resume(): Promise<void>, stop(): Promise<void> }>}
 */
export async function startCluster({ port: fixedPort } = {}) {
  const bin = findPgBin()
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)')
  const asRoot = process.getuid?.() === 0
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgcluster-'))
  if (asRoot) await run('chown', ['postgres:postgres', dir])
  const data = path.join(dir, 'data')
  const pgArgs = (tool, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args])
  const pg = (tool, args) => run(...pgArgs(tool, args))

  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw e
  }

  let port = 0
  const options = () => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_preload_libraries=pg_stat_statements`
  const start = () => pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options(), '-w', '-t', '30', 'start'])
  for (let attempt = 0; ; attempt++) {
    port = fixedPort ?? (await freePort())
    try {
      await start()
      break
    } catch (e) {
      if (fixedPort || attempt >= 2) {
        fs.rmSync(dir, { recursive: true, force: true })
        throw e
      }
    }
  }

  const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop']
  const stopOnExit = () => {
    const [cmd, args] = pgArgs('pg_ctl', stopArgs)
    spawnSync(cmd, args)
    fs.rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', stopOnExit)
  let stopped = false
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    /**
     * Stops the server, keeping its data: `resume()` brings it back. A fast shutdown, not an
     * immediate one: with synchronous_commit off a crash could drop the last commits.
     */
    async pause() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
    },
    async resume() {
      await start()
    },
    async stop() {
      if (stopped) return
      stopped = true
      process.off('exit', stopOnExit)
      await pg('pg_ctl', stopArgs).catch(() => undefined)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
