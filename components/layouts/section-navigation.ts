/**
 * The side navigations of a project, an organization, the account and the docs, as pure functions
 * of the route, so the side bar and the mobile menu show the same list and tests can read it
 * without rendering.
 */
import {
  Activity,
  BookOpen,
  Braces,
  ChartColumn,
  Clock,
  Cpu,
  CreditCard,
  Database,
  DatabaseBackup,
  FileCode,
  FileText,
  FolderCog,
  HardDrive,
  Gauge,
  Home,
  KeyRound,
  KeySquare,
  Code2,
  LockKeyhole,
  LayoutGrid,
  LogIn,
  Plug,
  Radio,
  SlidersHorizontal,
  Receipt,
  ScrollText,
  Settings,
  ShieldCheck,
  ShieldHalf,
  Table2,
  Terminal,
  UserRound,
  Users,
  Webhook,
} from 'lucide-react'
import type { NavSection } from './navigation'

export function projectNavigation({
  ref,
  pathname,
  name,
  columnPrivileges,
  compute = true,
}: {
  ref: string
  /** The route pattern (`router.pathname`), e.g. /project/[ref]/sql/[id]. */
  pathname: string
  name?: string
  /** The column privileges feature preview is on. */
  columnPrivileges: boolean
  /** Offer Compute and Disk (platform mode: a self-hosted database's size is its own server's). */
  compute?: boolean
}): NavSection {
  const base = `/project/${ref}`
  return {
    label: 'Project',
    title: name,
    items: [
      { label: 'Project overview', href: base, icon: Home, active: pathname === '/project/[ref]' },
      { label: 'Table editor', href: `${base}/editor`, icon: Table2, active: pathname.startsWith('/project/[ref]/editor') },
      // /sql opens the last visited snippet, else a new one.
      { label: 'SQL Editor', href: `${base}/sql`, icon: Terminal, active: /^\/project\/\[ref\]\/sql(\/\[id\])?$/.test(pathname) },
      { label: 'Snippet library', href: `${base}/sql/templates`, icon: BookOpen, active: /^\/project\/\[ref\]\/sql\/(templates|quickstarts)$/.test(pathname) },
      // Tables, views, functions … (/database/[kind]); column privileges has its own entry.
      { label: 'Database', href: `${base}/database/tables`, icon: Database, active: DATABASE_PAGES.test(pathname) },
      ...(columnPrivileges
        ? [
            {
              label: 'Column privileges',
              href: `${base}/database/column-privileges`,
              icon: ShieldCheck,
              active: pathname.startsWith('/project/[ref]/database/column-privileges'),
            },
          ]
        : []),
      { label: 'Backups', href: `${base}/database/backups`, icon: DatabaseBackup, active: pathname === '/project/[ref]/database/backups' },
      { label: 'GraphiQL', href: `${base}/api/graphiql`, icon: Braces, active: /^\/project\/\[ref\]\/(api|database)\/graphiql$/.test(pathname) },
      { label: 'API docs', href: `${base}/api`, icon: FileCode, active: pathname === '/project/[ref]/api' },
      { label: 'Logs', href: `${base}/logs`, icon: ScrollText, active: pathname.startsWith('/project/[ref]/logs') },
      { label: 'Query performance', href: `${base}/advisors/query-performance`, icon: Gauge, active: pathname.startsWith('/project/[ref]/advisors') },
      { label: 'Cron jobs', href: `${base}/integrations/cron`, icon: Clock, active: pathname.startsWith('/project/[ref]/integrations') },
      { label: 'Vault', href: `${base}/settings/vault/secrets`, icon: KeyRound, active: pathname.startsWith('/project/[ref]/settings/vault') },
      { label: 'General settings', href: `${base}/settings/general`, icon: Settings, active: pathname === '/project/[ref]/settings/general' },
      ...(compute
        ? [{ label: 'Compute and Disk', href: `${base}/settings/compute-and-disk`, icon: Cpu, active: pathname === '/project/[ref]/settings/compute-and-disk' }]
        : []),
      { label: 'API settings', href: `${base}/settings/api`, icon: Webhook, active: pathname === '/project/[ref]/settings/api' },
      { label: 'Storage settings', href: `${base}/settings/storage`, icon: FolderCog, active: pathname === '/project/[ref]/settings/storage' },
      // The project's own users (its auth service) and the policies that use them.
      { label: 'Users', href: `${base}/auth/users`, icon: UserRound, active: pathname.startsWith('/project/[ref]/auth/users'), group: 'Authentication' },
      { label: 'Providers', href: `${base}/auth/providers`, icon: LogIn, active: pathname === '/project/[ref]/auth/providers', group: 'Authentication' },
      { label: 'Policies', href: `${base}/auth/policies`, icon: ShieldHalf, active: pathname === '/project/[ref]/auth/policies', group: 'Authentication' },
      { label: 'Buckets', href: `${base}/storage/buckets`, icon: HardDrive, active: pathname.startsWith('/project/[ref]/storage/buckets'), group: 'Storage' },
      { label: 'Storage policies', href: `${base}/storage/policies`, icon: ShieldHalf, active: pathname === '/project/[ref]/storage/policies', group: 'Storage' },
      { label: 'Inspector', href: `${base}/realtime/inspector`, icon: Radio, active: pathname === '/project/[ref]/realtime/inspector', group: 'Realtime' },
      { label: 'Realtime settings', href: `${base}/realtime/settings`, icon: SlidersHorizontal, active: pathname === '/project/[ref]/realtime/settings', group: 'Realtime' },
      {
        label: 'Functions',
        href: `${base}/functions`,
        icon: Code2,
        active: pathname === '/project/[ref]/functions' || pathname === '/project/[ref]/functions/new' || pathname === '/project/[ref]/functions/[functionSlug]',
        group: 'Edge Functions',
      },
      { label: 'Secrets', href: `${base}/functions/secrets`, icon: LockKeyhole, active: pathname === '/project/[ref]/functions/secrets', group: 'Edge Functions' },
    ],
  }
}

/** The pages under the Database entry: the object lists and the database's other pages. */
const DATABASE_PAGES = /^\/project\/\[ref\]\/database(\/(\[kind\]|extensions|wrappers|hooks|publications))?$/

export function organizationNavigation({
  slug,
  pathname,
  name,
  auditLog = true,
}: {
  slug: string
  pathname: string
  name?: string
  /**
   * Offer the audit log: pass whether the member may read it (Owners and Admins). Listed when
   * unknown; the page itself says who may read it.
   */
  auditLog?: boolean
}): NavSection {
  const base = `/org/${slug}`
  const item = (label: string, path: string, icon: NavSection['items'][number]['icon']) => ({
    label,
    href: `${base}${path}`,
    icon,
    active: path === '' ? pathname === '/org/[slug]' : pathname.startsWith(`/org/[slug]${path}`),
  })
  return {
    label: 'Organization',
    title: name,
    items: [
      item('Projects', '', LayoutGrid),
      item('Team', '/team', Users),
      item('Billing', '/billing', CreditCard),
      item('Usage', '/usage', ChartColumn),
      item('Invoices', '/invoices', Receipt),
      ...(auditLog ? [item('Audit log', '/audit', ScrollText)] : []),
      item('Integrations', '/integrations', Plug),
      item('General settings', '/general', Settings),
    ],
  }
}

export function accountNavigation({ pathname }: { pathname: string }): NavSection {
  return {
    label: 'Account',
    title: 'Account',
    items: [
      { label: 'Security', href: '/account/security', icon: KeyRound, active: pathname === '/account/security' },
      { label: 'Access tokens', href: '/account/tokens', icon: KeySquare, active: pathname === '/account/tokens' },
      { label: 'Your telemetry data', href: '/account/telemetry', icon: Activity, active: pathname === '/account/telemetry' },
    ],
  }
}

/** The user docs (docs/*.md), in the order the docs page lists them. */
export function docsNavigation({ pages, current }: { pages: { slug: string; title: string }[]; current: string }): NavSection {
  return {
    label: 'Docs',
    title: 'Docs',
    items: pages.map((page) => ({ label: page.title, href: `/docs/${page.slug}`, icon: FileText, active: page.slug === current })),
  }
}
