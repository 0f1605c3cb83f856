// A throwaway PostgreSQL cluster for tests and benchmarks: initdb as the postgres user (initdb
// refuses root) in a temp dir, trust auth on 127.0.0.1, fsync off, a free port.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export function findPgBin() {
  const base = '/usr/lib/postgresql'
  if (!fs.existsSync(base)) return null
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))
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

export async function startCluster() {
  const bin = findPgBin()
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgcluster-'))
  const data = path.join(dir, 'data')
  const isRoot = process.getuid?.() === 0
  const asPg = (cmd, args) => (isRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' }))
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir])
  fs.chmodSync(dir, 0o755)
  asPg(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'])
  const port = await freePort()
  asPg(path.join(bin, 'pg_ctl'), [
    '-D', data, '-l', path.join(dir, 'log'), '-w', '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ])
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      try {
        asPg(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
