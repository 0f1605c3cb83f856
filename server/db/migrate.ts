/**
 * Applies the numbered SQL files of server/migrations in order, once each, all in one
 * transaction. An advisory lock keeps several app copies sharing one PostgreSQL from racing.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { ControlPlaneDb } from './control-plane'

const LOCK_KEY = 724_100_001

function migrationsDir(): string {
  return path.join(process.cwd(), 'server', 'migrations')
}

export async function migrate(db: ControlPlaneDb, dir = migrationsDir()): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
  const applied: string[] = []
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY])
    await tx.exec(`create table if not exists schema_migrations (
      version text primary key,
      applied_at timestamptz not null default now()
    )`)
    const done = new Set((await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version))
    for (const file of files) {
      const version = file.replace(/\.sql$/, '')
      if (done.has(version)) continue
      await tx.exec(fs.readFileSync(path.join(dir, file), 'utf8'))
      await tx.query('insert into schema_migrations (version) values ($1)', [version])
      applied.push(version)
    }
  })
  return applied
}
