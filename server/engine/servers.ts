/**
 * Where the platform's databases live. Servers of your own come first (PLATFORM_DATABASE_URL for
 * the control plane, PROJECT_DB_SERVERS for projects, self-hosted DATABASE_URL for its one
 * project); whatever they leave without a home goes to the PostgreSQL server the platform runs
 * itself (cluster.ts). Either way the rest of the platform sees servers only: one code path.
 */
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { ServerConfig } from '../config'
import type { Queryable } from '../db/control-plane'
import { parseProjectDbServers } from '../databases/servers'
import { withAdminSession } from '../databases/admin-session'
import { startEngine, type Engine } from './cluster'

/** The control plane's database on the embedded server. */
export const CONTROL_PLANE_DATABASE = 'platform'

export type DatabaseServers = {
  platformDatabaseUrl: string
  /** PROJECT_DB_SERVERS as the platform uses it: the embedded server, when running, serves every region not named. */
  projectDbServers: string
  /** The embedded server, when the configuration leaves anything to it. */
  engine: Engine | null
  /** Project locations on the embedded server follow it when its port changed since the last start. */
  followPort(db: Queryable): Promise<void>
}

/** Whether anything is left for the embedded server. */
export function needsEngine(config: Pick<ServerConfig, 'platformDatabaseUrl' | 'projectDbServers' | 'isPlatform' | 'databaseUrl'>): boolean {
  if (!config.platformDatabaseUrl) return true
  if (parseProjectDbServers(config.projectDbServers).has('*')) return false
  // Self-hosted with DATABASE_URL has no other project to place.
  return config.isPlatform || !config.databaseUrl
}

async function ensureDatabase(adminUrl: string, name: string) {
  await withAdminSession(adminUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(name)}`)
  })
}

/**
 * Data an earlier version kept under DATA_DIR (PGlite: the control plane in `platform/`, each
 * project in `projects/<ref>`), which this version does not read: said at every start, with where
 * to read how to carry it over, and never touched.
 */
export function earlierVersionData(dataDir: string): string | null {
  const found = ['platform', 'projects'].filter((name) => fs.existsSync(path.join(dataDir, name)))
  if (found.length === 0) return null
  return (
    `${dataDir} holds data of an earlier version of the platform (${found.map((n) => `${n}/`).join(', ')}), kept in a format this version does not read. ` +
    'It is left untouched; docs/self-hosting.md ("Data from an earlier version") says how to carry it over.'
  )
}

export async function resolveDatabaseServers(config: ServerConfig): Promise<DatabaseServers> {
  const earlier = earlierVersionData(config.dataDir)
  if (earlier) console.warn(`[engine] ${earlier}`)
  if (!needsEngine(config))
    return { platformDatabaseUrl: config.platformDatabaseUrl!, projectDbServers: config.projectDbServers ?? '', engine: null, followPort: async () => {} }
  const engine = await startEngine({ dataDir: config.dataDir, port: config.embeddedDb.port, user: config.embeddedDb.user })
  try {
    if (!config.platformDatabaseUrl) await ensureDatabase(engine.adminUrl(), CONTROL_PLANE_DATABASE)
  } catch (error) {
    await engine.stop()
    throw error
  }
  // Named regions of PROJECT_DB_SERVERS come after the embedded '*', so they win (the later entry counts).
  const projectDbServers = [`*=${engine.adminUrl()}`, config.projectDbServers].filter(Boolean).join(',')
  return {
    platformDatabaseUrl: config.platformDatabaseUrl ?? engine.adminUrl(CONTROL_PLANE_DATABASE),
    projectDbServers,
    engine,
    async followPort(db) {
      if (!engine.previousPort) return
      const from = `@127.0.0.1:${engine.previousPort}/`
      const to = `@127.0.0.1:${engine.port}/`
      await db.query(`update projects set db_location = replace(db_location::text, $1, $2)::jsonb where strpos(db_location::text, $1) > 0`, [from, to])
    },
  }
}
