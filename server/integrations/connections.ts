/**
 * The GitHub connections of an organization: listed for its members, added and removed by its
 * Owners and Admins. The tokens are written and never read back into an answer.
 */
import type { GithubConnection } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../kernel/platform'
import type { AuthUser, OrgAccess } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { exchangeCode, GithubAppError } from './github-app'

type ConnectionRow = Omit<GithubConnection, 'created_at' | 'updated_at'> & { created_at: Date | string; updated_at: Date | string }

/** Everything an answer may hold: never the tokens. */
const COLUMNS = `c.id::int as id, c.github_account_id, c.github_login, c.github_avatar_url, p.username as connected_by, c.created_at, c.updated_at`

const toConnection = (row: ConnectionRow): GithubConnection => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
})

export const NOT_CONFIGURED =
  'The GitHub app is not configured on this server. Its administrator sets GITHUB_APP_CLIENT_ID and GITHUB_APP_CLIENT_SECRET (see docs/integrations.md).'

export async function listConnections(db: Queryable, organizationId: number): Promise<GithubConnection[]> {
  const rows = await db.query<ConnectionRow>(
    `select ${COLUMNS} from github_connections c left join profiles p on p.id = c.connected_by
     where c.organization_id = $1 order by c.created_at, c.id`,
    [organizationId]
  )
  return rows.map(toConnection)
}

/**
 * Exchanges the code (no database connection is held while GitHub answers), then records the
 * account for the organization, in one statement that also checks the caller is still an Owner or
 * Admin there: a role taken away meanwhile writes nothing.
 */
export async function connectGithub(platform: Platform, access: OrgAccess, user: AuthUser, body: { code: string; redirect_uri: string }): Promise<GithubConnection> {
  const app = platform.config.githubApp
  if (!app) throw new PlatformError(400, NOT_CONFIGURED)
  let grant
  try {
    grant = await exchangeCode(app, body.code, body.redirect_uri)
  } catch (error) {
    if (error instanceof GithubAppError) throw new PlatformError(error.refused ? 400 : 502, error.message)
    throw error
  }
  const [row] = await platform.db.query<{ id: number }>(
    `insert into github_connections as c (organization_id, github_account_id, github_login, github_avatar_url, access_token, refresh_token, access_token_expires_at, connected_by)
     select m.organization_id, $3, $4, $5, $6, $7, $8, p.id
     from organization_members m join profiles p on p.id = m.profile_id
     where m.organization_id = $1 and p.user_id = $2 and m.role in ('Owner', 'Admin')
     on conflict (organization_id, github_account_id) do update set
       github_login = excluded.github_login, github_avatar_url = excluded.github_avatar_url, access_token = excluded.access_token,
       refresh_token = excluded.refresh_token, access_token_expires_at = excluded.access_token_expires_at,
       connected_by = excluded.connected_by, updated_at = now()
     returning c.id::int as id`,
    [access.id, user.id, grant.account.id, grant.account.login, grant.account.avatarUrl, grant.accessToken, grant.refreshToken, grant.expiresAt]
  )
  if (!row) throw new PlatformError(403, 'Only Owners and Admins of this organization can connect GitHub.')
  const [connection] = await platform.db.query<ConnectionRow>(
    `select ${COLUMNS} from github_connections c left join profiles p on p.id = c.connected_by where c.id = $1`,
    [row.id]
  )
  return toConnection(connection)
}

export async function disconnectGithub(db: Queryable, access: OrgAccess, id: number): Promise<void> {
  const rows = await db.query(`delete from github_connections where id = $1 and organization_id = $2 returning id`, [id, access.id])
  if (rows.length === 0) throw new PlatformError(404, 'This GitHub connection does not exist.')
}
