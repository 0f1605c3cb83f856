/**
 * The roles policy (SPEC §6): which organization role may take which action. The one table the
 * platform enforces on every route, derives GET /platform/profile/permissions from, and the
 * dashboard reads to hide or disable what a role cannot do.
 */
import type { Permission } from './permission'

export const ORGANIZATION_ROLES = ['Owner', 'Admin', 'Developer', 'Read-only'] as const
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number]

/** The role of the one local user in self-hosted mode, in its one organization. */
export const SELF_HOSTED_ROLE: OrganizationRole = 'Owner'

const EVERYONE = ORGANIZATION_ROLES
const ADMINS = ['Owner', 'Admin'] as const

type PolicyEntry = {
  roles: readonly OrganizationRole[]
  /** Not offered in self-hosted mode (one organization, one project). */
  platformOnly?: true
}

const BUILDERS = ['Owner', 'Admin', 'Developer'] as const

export const ROLES_POLICY = {
  'organizations:read': { roles: EVERYONE },
  /** Rename. */
  'organizations:update': { roles: ADMINS, platformOnly: true },
  /** See the plan, usage, costs, statements, tax ids and payment method. */
  'billing:read': { roles: EVERYONE, platformOnly: true },
  /** Change the plan, billing email, tax ids and payment method. */
  'billing:update': { roles: ADMINS, platformOnly: true },
  /** Read the organization's audit log (who did what, when). */
  'audit:read': { roles: ADMINS, platformOnly: true },
  'organizations:delete': { roles: ['Owner'], platformOnly: true },
  'members:read': { roles: EVERYONE },
  /** Invite, revoke an invitation; only an Owner may make someone an Owner (checked by the handler). */
  'members:invite': { roles: ADMINS, platformOnly: true },
  /** Change a member's role, remove a member (an organization always keeps an Owner). */
  'members:update': { roles: ADMINS, platformOnly: true },
  'projects:read': { roles: EVERYONE },
  'projects:create': { roles: ADMINS, platformOnly: true },
  /** Retry a failed set-up, pause, restore, restart, rename. */
  'projects:update': { roles: ADMINS },
  'projects:delete': { roles: ADMINS, platformOnly: true },
  /** Move a project (and its branches) to another organization: needed in both organizations. */
  'projects:transfer': { roles: ADMINS, platformOnly: true },
  /** Change the project's compute size (its database's connection limit and memory settings; sessions restart). */
  'projects:resize': { roles: ADMINS, platformOnly: true },
  /** Upgrade the project's extensions to the versions its server ships (the project is UPGRADING meanwhile). */
  'projects:upgrade': { roles: ADMINS },
  /** Create and delete preview branches. */
  'branches:write': { roles: BUILDERS, platformOnly: true },
  /** Run SQL in the project's database; without sql:write it runs as a read-only database role. */
  'sql:run': { roles: EVERYONE },
  /** Run SQL that may change the project's database (as the project's own role). */
  'sql:write': { roles: BUILDERS },
  /** Stop any member's running query in the project (everyone may stop their own). */
  'sql:cancel-any': { roles: ADMINS },
  /** See the password of the project database's own role (it allows what sql:write allows). */
  'database:password:read': { roles: BUILDERS },
  /** Set a new password for the project database's own role (the old one stops working). */
  'database:password:update': { roles: ADMINS },
  /** Read the project's logs. */
  'logs:read': { roles: EVERYONE },
  /**
   * See the SQL, its author and Postgres' message in postgres_logs (others see those events with
   * them hidden, their own statements excepted; docs/logs.md).
   */
  'logs:statements:read': { roles: BUILDERS },
  /** See the project's service_role key (it bypasses row level security in the data API). */
  'api:service-key:read': { roles: BUILDERS },
  /** Rotate the project's JWT secret: its API keys change, the old ones stop working at once. */
  'api:jwt-secret:rotate': { roles: ADMINS },
  /** Turn the data API on or off, choose its schemas and its row limit. */
  'api:settings:update': { roles: BUILDERS },
  /** See the project's own users (their emails and phones, when they signed in): every member, as a Read-only one reads the same rows in SQL. */
  'auth:users:read': { roles: EVERYONE },
  /** Create, invite, ban and delete the project's users; send them a recovery mail. */
  'auth:users:write': { roles: BUILDERS },
  /** Change how the project's users sign up and sign in (Authentication → Providers). */
  'auth:config:update': { roles: ADMINS },
  /** Make a backup of the project's database now (Database → Backups). */
  'backups:create': { roles: BUILDERS },
  /** Restore a backup into the project: its database is replaced by the backup's. */
  'backups:restore': { roles: ADMINS },
  /** Download a backup as a dump: all of the project's data, whatever its grants. */
  'backups:download': { roles: BUILDERS },
  /** Delete a backup before its retention ends. */
  'backups:delete': { roles: ADMINS },
  /** See the project's buckets and files, open them by a signed URL: every member, as a Read-only one reads the same rows in SQL. */
  'storage:read': { roles: EVERYONE },
  /** Create, change, empty and delete buckets; upload, move and delete files. */
  'storage:write': { roles: BUILDERS },
  /** Create and revoke the project's S3 access keys (each acts as the service role, as the service_role key does). */
  'storage:s3-keys:write': { roles: BUILDERS },
  /** Listen and send on the project's realtime channels from the dashboard, as anon or one of its users (as the service role: api:service-key:read too). */
  'realtime:inspect': { roles: EVERYONE },
  /** See a project's edge functions, their code and logs, and its secrets' names (never their values). */
  'functions:read': { roles: EVERYONE },
  /** Deploy, change and delete edge functions, and set or remove secrets. */
  'functions:write': { roles: BUILDERS },
} as const satisfies Record<string, PolicyEntry>

export type Action = keyof typeof ROLES_POLICY
export const ACTIONS = Object.keys(ROLES_POLICY) as Action[]

export function roleCan(role: OrganizationRole, action: Action, { isPlatform = true }: { isPlatform?: boolean } = {}): boolean {
  const entry: PolicyEntry = ROLES_POLICY[action]
  if (!isPlatform && entry.platformOnly) return false
  return entry.roles.includes(role)
}

export const actionsOf = (role: OrganizationRole, options?: { isPlatform?: boolean }): Action[] =>
  ACTIONS.filter((action) => roleCan(role, action, options))

/** Whether the permissions answered by the platform allow `action` in the organization. */
export function permits(permissions: Permission[] | undefined, organization: { id?: number; slug?: string }, action: Action): boolean {
  return (permissions ?? []).some(
    (p) =>
      (organization.id === undefined || p.organization_id === organization.id) &&
      (organization.slug === undefined || p.organization_slug === organization.slug) &&
      p.actions.includes(action)
  )
}
