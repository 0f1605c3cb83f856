/**
 * The dashboard's pages the command menu goes to, one entry per route of pages/ (its Next route
 * pattern, checked against pages/ by navigation.test.ts). Project pages need the current project
 * and organization pages the current organization: without one they are not offered. Pages that
 * are not somewhere to go (the landing redirect, sign-in, an invitation link, a docs page: docs
 * search finds those) are listed in NOT_DESTINATIONS.
 */
import {
  Activity,
  BookOpen,
  Braces,
  Building2,
  ChartColumn,
  Clock,
  CreditCard,
  Database,
  DatabaseBackup,
  FileCode,
  FolderPlus,
  Gauge,
  Home,
  HardDrive,
  KeyRound,
  Code2,
  LayoutGrid,
  LifeBuoy,
  Lock,
  LogIn,
  Plug,
  Plus,
  Puzzle,
  Radio,
  Receipt,
  ScrollText,
  Server,
  Settings,
  ShieldCheck,
  ShieldHalf,
  Sparkles,
  Table2,
  Terminal,
  UserRound,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react'
import { DATABASE_OBJECT_KIND_INFO, DATABASE_OBJECT_KINDS } from '@/lib/sql/database-objects'

export type NavigationContext = {
  /** The project the page shows, if any. */
  ref?: string
  /** The organization the page shows, or the current project's. */
  slug?: string
  isPlatform: boolean
}

export type NavigationTarget = {
  /** The Next route pattern (pages/…), e.g. `/project/[ref]/sql/templates`. */
  route: string
  name: string
  icon: LucideIcon
  keywords?: string[]
  /** Where to go; undefined when the context lacks what the route needs. */
  href: (ctx: NavigationContext) => string | undefined
  /** Not offered in self-hosted mode (one organization, one project). */
  platformOnly?: boolean
}

const inProject = (path: string) => ({ ref }: NavigationContext) => (ref ? `/project/${ref}${path}` : undefined)
const inOrganization = (path: string) => ({ slug }: NavigationContext) => (slug ? `/org/${slug}${path}` : undefined)

export const NAVIGATION_TARGETS: NavigationTarget[] = [
  { route: '/projects', name: 'All projects', icon: LayoutGrid, keywords: ['home', 'list'], href: () => '/projects', platformOnly: true },
  { route: '/project/[ref]', name: 'Project overview', icon: Home, keywords: ['status', 'database'], href: inProject('') },
  { route: '/project/[ref]/editor', name: 'Table editor', icon: Table2, keywords: ['tables', 'rows', 'data', 'grid', 'insert', 'edit', 'spreadsheet'], href: inProject('/editor') },
  { route: '/project/[ref]/sql', name: 'SQL Editor', icon: Terminal, keywords: ['query', 'run'], href: inProject('/sql') },
  { route: '/project/[ref]/sql/[id]', name: 'New SQL query', icon: Plus, keywords: ['snippet', 'editor'], href: inProject('/sql/new') },
  { route: '/project/[ref]/sql/templates', name: 'SQL templates', icon: FileCode, keywords: ['snippet library'], href: inProject('/sql/templates') },
  { route: '/project/[ref]/sql/quickstarts', name: 'SQL quickstarts', icon: Sparkles, keywords: ['snippet library', 'sample'], href: inProject('/sql/quickstarts') },
  ...DATABASE_OBJECT_KINDS.map((kind) => ({
    route: '/project/[ref]/database/[kind]',
    name: `Database ${DATABASE_OBJECT_KIND_INFO[kind].title.toLowerCase()}`,
    icon: Database,
    keywords: ['database', 'definition', 'schema'],
    href: inProject(`/database/${kind}`),
  })),
  { route: '/project/[ref]/database/extensions', name: 'Database extensions', icon: Puzzle, keywords: ['extension', 'enable', 'pgvector', 'postgis', 'database'], href: inProject('/database/extensions') },
  { route: '/project/[ref]/api/graphiql', name: 'GraphiQL', icon: Braces, keywords: ['graphql', 'api', 'query', 'mutation', 'postgraphile'], href: inProject('/api/graphiql') },
  { route: '/project/[ref]/api', name: 'API docs', icon: FileCode, keywords: ['supabase-js', 'curl', 'rest', 'rpc', 'data api', 'postgrest', 'sign up', 'sign in'], href: inProject('/api') },
  { route: '/project/[ref]/logs', name: 'Logs', icon: ScrollText, keywords: ['edge_logs', 'auth_logs', 'postgres_logs', 'requests', 'errors', 'slow queries'], href: inProject('/logs') },
  { route: '/project/[ref]/advisors/query-performance', name: 'Query performance', icon: Gauge, keywords: ['advisors', 'pg_stat_statements', 'slow queries'], href: inProject('/advisors/query-performance') },
  { route: '/project/[ref]/integrations/cron', name: 'Cron jobs', icon: Clock, keywords: ['pg_cron', 'schedule'], href: inProject('/integrations/cron') },
  { route: '/project/[ref]/database/hooks', name: 'Database webhooks', icon: Webhook, keywords: ['hooks', 'pg_net', 'http', 'trigger'], href: inProject('/database/hooks') },
  { route: '/project/[ref]/database/publications', name: 'Database publications', icon: Radio, keywords: ['publications', 'realtime', 'replication', 'supabase_realtime', 'replica identity'], href: inProject('/database/publications') },
  { route: '/project/[ref]/settings/general', name: 'Project settings', icon: Settings, keywords: ['general', 'rename', 'pause', 'restart', 'delete', 'versions', 'read-only'], href: inProject('/settings/general') },
  { route: '/project/[ref]/settings/compute-and-disk', name: 'Compute and Disk', icon: Settings, keywords: ['compute', 'size', 'resize', 'memory', 'cpu', 'connections', 'disk', 'micro', 'small'], href: inProject('/settings/compute-and-disk'), platformOnly: true },
  { route: '/project/[ref]/settings/api', name: 'API settings', icon: Settings, keywords: ['api keys', 'anon', 'service_role', 'jwt secret', 'project url', 'rest', 'data api', 'postgrest'], href: inProject('/settings/api') },
  { route: '/project/[ref]/settings/storage', name: 'Storage settings', icon: Settings, keywords: ['storage', 's3', 'access keys', 'storage settings', 'endpoint', 'region', 'aws', 'rclone'], href: inProject('/settings/storage') },
  { route: '/project/[ref]/settings/vault/secrets', name: 'Vault secrets', icon: KeyRound, keywords: ['secrets', 'supabase_vault', 'encryption'], href: inProject('/settings/vault/secrets') },
  { route: '/project/[ref]/database/backups', name: 'Database backups', icon: DatabaseBackup, keywords: ['backup', 'restore', 'snapshot', 'pg_dump', 'database'], href: inProject('/database/backups') },
  { route: '/project/[ref]/database/wrappers', name: 'Foreign data wrappers', icon: Server, keywords: ['wrappers', 'fdw', 'postgres_fdw', 'foreign table'], href: inProject('/database/wrappers') },
  { route: '/project/[ref]/database/column-privileges', name: 'Column privileges', icon: Lock, keywords: ['grant', 'revoke', 'roles', 'database'], href: inProject('/database/column-privileges') },
  { route: '/project/[ref]/auth/users', name: 'Authentication users', icon: UserRound, keywords: ['auth', 'sign up', 'invite', 'ban', 'recovery'], href: inProject('/auth/users') },
  { route: '/project/[ref]/auth/providers', name: 'Authentication providers', icon: LogIn, keywords: ['auth', 'email', 'phone', 'autoconfirm', 'redirect urls', 'site url'], href: inProject('/auth/providers') },
  { route: '/project/[ref]/auth/policies', name: 'Authentication policies', icon: ShieldHalf, keywords: ['auth', 'rls', 'row level security', 'create policy', 'auth.uid'], href: inProject('/auth/policies') },
  { route: '/project/[ref]/storage/buckets', name: 'Storage buckets', icon: HardDrive, keywords: ['storage', 'files', 'upload', 'bucket', 'avatars', 'images', 's3'], href: inProject('/storage/buckets') },
  { route: '/project/[ref]/storage/policies', name: 'Storage policies', icon: ShieldHalf, keywords: ['storage', 'files', 'rls', 'row level security', 'storage.objects', 'own folder'], href: inProject('/storage/policies') },
  { route: '/project/[ref]/realtime/inspector', name: 'Realtime inspector', icon: Radio, keywords: ['realtime', 'channel', 'broadcast', 'presence', 'postgres_changes', 'websocket', 'subscribe'], href: inProject('/realtime/inspector') },
  { route: '/project/[ref]/realtime/settings', name: 'Realtime settings', icon: Settings, keywords: ['realtime', 'limits', 'connections', 'message size', 'websocket', 'wal_level'], href: inProject('/realtime/settings') },
  { route: '/project/[ref]/functions', name: 'Edge Functions', icon: Code2, keywords: ['functions', 'edge', 'deno', 'deploy', 'serverless', 'invoke', 'webhook'], href: inProject('/functions') },
  { route: '/project/[ref]/functions/new', name: 'Deploy a new edge function', icon: Code2, keywords: ['functions', 'edge', 'create', 'template', 'hello world'], href: inProject('/functions/new') },
  { route: '/project/[ref]/functions/secrets', name: 'Edge Function secrets', icon: KeyRound, keywords: ['functions', 'secrets', 'environment', 'env', 'variables', 'api key'], href: inProject('/functions/secrets') },
  { route: '/org/[slug]', name: 'Organization projects', icon: Building2, keywords: ['organization'], href: inOrganization('') },
  { route: '/org/[slug]/team', name: 'Organization team', icon: Users, keywords: ['members', 'invite'], href: inOrganization('/team') },
  { route: '/org/[slug]/billing', name: 'Organization billing', icon: CreditCard, keywords: ['plan', 'usage', 'invoice'], href: inOrganization('/billing'), platformOnly: true },
  // Usage, statements and the audit log are the platform's: self-hosted mode has no plans.
  { route: '/org/[slug]/usage', name: 'Organization usage', icon: ChartColumn, keywords: ['billing', 'quota', 'egress', 'database size'], href: inOrganization('/usage'), platformOnly: true },
  { route: '/org/[slug]/invoices', name: 'Organization invoices', icon: Receipt, keywords: ['billing', 'statements', 'csv'], href: inOrganization('/invoices'), platformOnly: true },
  { route: '/org/[slug]/audit', name: 'Organization audit log', icon: ScrollText, keywords: ['history', 'activity', 'who'], href: inOrganization('/audit'), platformOnly: true },
  { route: '/org/[slug]/integrations', name: 'Organization integrations', icon: Plug, keywords: ['github', 'connect'], href: inOrganization('/integrations') },
  { route: '/org/[slug]/general', name: 'Organization settings', icon: Settings, keywords: ['general', 'rename', 'delete'], href: inOrganization('/general') },
  { route: '/new/[slug]', name: 'New project', icon: FolderPlus, keywords: ['create'], href: ({ slug }) => (slug ? `/new/${slug}` : undefined), platformOnly: true },
  { route: '/new', name: 'New organization', icon: Building2, keywords: ['create'], href: () => '/new', platformOnly: true },
  { route: '/account/security', name: 'Account security', icon: ShieldCheck, keywords: ['password', 'mfa', 'passkey'], href: () => '/account/security' },
  { route: '/account/tokens', name: 'Access tokens', icon: KeyRound, keywords: ['personal access token', 'pat', 'cli', 'management api', 'sbp_', 'ci'], href: () => '/account/tokens', platformOnly: true },
  { route: '/account/telemetry', name: 'Your telemetry data', icon: Activity, keywords: ['privacy', 'consent', 'cookies'], href: () => '/account/telemetry' },
  { route: '/support/new', name: 'Contact support', icon: LifeBuoy, keywords: ['help', 'bug'], href: () => '/support/new' },
  { route: '/docs/[slug]', name: 'Docs', icon: BookOpen, keywords: ['documentation', 'help', 'guide'], href: () => '/docs/quick-start' },
]

/** Routes of pages/ that are not destinations of the menu, and why. */
export const NOT_DESTINATIONS: Record<string, string> = {
  '/': 'redirects to the landing page',
  '/404': 'the not-found page',
  '/sign-in': 'only for visitors without a session',
  '/sign-up': 'only for visitors without a session',
  '/join': 'needs an invitation token',
  '/project/[ref]/database': 'redirects to the database tables page',
  '/project/[ref]/advisors': 'redirects to query performance',
  '/project/[ref]/settings/vault': 'redirects to the vault secrets page',
  '/project/[ref]/storage': 'redirects to the storage buckets',
  '/project/[ref]/realtime': 'redirects to the realtime inspector',
  '/project/[ref]/storage/buckets/[bucketId]': 'one bucket of Storage, which lists them',
  '/guides/database/extensions/[name]': "one extension's guide, linked from the extensions page",
  '/project/[ref]/database/graphiql': 'the same GraphiQL as /api/graphiql',
  '/project/[ref]/editor/[...table]': 'one table of the Table editor, which lists them',
  '/project/[ref]/logs/[source]': 'one log source of the Logs page, which lists them',
  '/project/[ref]/functions/[functionSlug]': 'one function of Edge Functions, which lists them',
  '/integrations/github/authorize': "the code host's authorization pop-up returns here",
}

/** The targets offered in `ctx`, with their hrefs. */
export function navigationTargets(ctx: NavigationContext): (NavigationTarget & { path: string })[] {
  return NAVIGATION_TARGETS.flatMap((target) => {
    if (target.platformOnly && !ctx.isPlatform) return []
    const path = target.href(ctx)
    return path ? [{ ...target, path }] : []
  })
}
