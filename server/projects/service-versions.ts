/**
 * GET /platform/projects/{ref}/service-versions: what a project runs. Postgres: the version its
 * database answered when last asked (stored by set-up and health checks). PostgREST: what the
 * installed binary says (`postgrest --version`, asked once per process). The auth service and the
 * platform are this platform's own: the GoTrue API version it speaks, and the app's package version.
 */
import { execFile } from 'node:child_process'
import type { serviceVersionRoutes, ServiceVersions } from '@/lib/api-types'
import pkg from '@/package.json'
import type { Handlers, ProjectAccess } from '../kernel/handler-types'
import { AUTH_SERVICE_VERSION } from '../auth/gotrue'
import { findPostgrest } from '../data-api/binary'
import { readUpgradeStatus, requestUpgrade } from './upgrade'

let postgrestVersion: Promise<string | null> | undefined

/** "PostgREST 12.0.2" → "12.0.2"; null when the binary is missing or says something else. */
export function readPostgrestVersion(): Promise<string | null> {
  postgrestVersion ??= new Promise<string | null>((resolve) => {
    let binary: string
    try {
      binary = findPostgrest()
    } catch {
      return resolve(null)
    }
    execFile(binary, ['--version'], { timeout: 10_000 }, (error, stdout) => resolve(error ? null : (/PostgREST\s+(\S+)/.exec(stdout)?.[1] ?? null)))
  }).then((version) => {
    // A failure is asked again next time (the binary may be installed meanwhile).
    if (version === null) postgrestVersion = undefined
    return version
  })
  return postgrestVersion
}

/** "PostgreSQL 17.2 on x86_64-pc-linux-gnu, …" → "17.2"; any other text as it is. */
const postgresNumber = (text: string | null) => (text ? (/^PostgreSQL\s+(\S+)/.exec(text)?.[1] ?? text) : null)

export async function serviceVersions(project: Pick<ProjectAccess, 'db_version'>): Promise<ServiceVersions> {
  return {
    postgres: { name: 'Postgres', version: postgresNumber(project.db_version) },
    postgrest: { name: 'PostgREST', version: await readPostgrestVersion() },
    auth: { name: 'Auth (GoTrue-compatible)', version: AUTH_SERVICE_VERSION },
    platform: { name: 'Platform', version: pkg.version },
  }
}

export const serviceVersionHandlers: Handlers<typeof serviceVersionRoutes> = {
  getServiceVersions: async ({ access }) => serviceVersions(access),
  getUpgradeStatus: ({ platform, access }) => readUpgradeStatus(platform, access),
  upgradeProject: ({ platform, access, user }) => requestUpgrade(platform, access, user),
}
