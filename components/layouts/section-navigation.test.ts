import { organizationNavigation, projectNavigation } from './section-navigation'

const labels = (section: { items: { label: string }[] }) => section.items.map((i) => i.label)
const active = (section: { items: { label: string; active: boolean }[] }) => section.items.filter((i) => i.active).map((i) => i.label)

it('lists column privileges only while its preview is on', () => {
  expect(labels(projectNavigation({ ref: 'abc', pathname: '/project/[ref]', columnPrivileges: false }))).toEqual([
    'Project overview',
    'Table editor',
    'SQL Editor',
    'Snippet library',
    'Database',
    'Backups',
    'GraphiQL',
    'API docs',
    'Logs',
    'Query performance',
    'Cron jobs',
    'Vault',
    'General settings',
    'Compute and Disk',
    'API settings',
    'Storage settings',
    'Users',
    'Providers',
    'Policies',
    'Buckets',
    'Storage policies',
    'Inspector',
    'Realtime settings',
    'Functions',
    'Secrets',
  ])
  const on = projectNavigation({ ref: 'abc', pathname: '/project/[ref]/database/column-privileges', columnPrivileges: true })
  expect(on.items.find((i) => i.label === 'Column privileges')).toMatchObject({ label: 'Column privileges', href: '/project/abc/database/column-privileges', active: true })
})

it('offers Compute and Disk only on the platform (a self-hosted database is its own server)', () => {
  const hidden = projectNavigation({ ref: 'abc', pathname: '/project/[ref]', columnPrivileges: false, compute: false })
  expect(labels(hidden)).not.toContain('Compute and Disk')
  const shown = projectNavigation({ ref: 'abc', pathname: '/project/[ref]', columnPrivileges: false })
  expect(shown.items.find((i) => i.label === 'Compute and Disk')).toMatchObject({ href: '/project/abc/settings/compute-and-disk' })
})

it('groups Users, Providers and Policies under Authentication', () => {
  const items = projectNavigation({ ref: 'abc', pathname: '/project/[ref]', columnPrivileges: false }).items
  expect(items.filter((i) => i.group === 'Authentication').map((i) => [i.label, i.href])).toEqual([
    ['Users', '/project/abc/auth/users'],
    ['Providers', '/project/abc/auth/providers'],
    ['Policies', '/project/abc/auth/policies'],
  ])
})

it('groups Buckets under Storage, active on every storage page', () => {
  const items = projectNavigation({ ref: 'abc', pathname: '/project/[ref]/storage/buckets/[bucketId]', columnPrivileges: false }).items
  expect(items.filter((i) => i.group === 'Storage')).toMatchObject([
    { label: 'Buckets', href: '/project/abc/storage/buckets', active: true },
    { label: 'Storage policies', href: '/project/abc/storage/policies', active: false },
  ])
})

it('groups the inspector and settings under Realtime', () => {
  const items = projectNavigation({ ref: 'abc', pathname: '/project/[ref]/realtime/inspector', columnPrivileges: false }).items
  expect(items.filter((i) => i.group === 'Realtime')).toMatchObject([
    { label: 'Inspector', href: '/project/abc/realtime/inspector', active: true },
    { label: 'Realtime settings', href: '/project/abc/realtime/settings', active: false },
  ])
})

it('groups functions and their secrets under Edge Functions, a function\'s page under Functions', () => {
  const items = projectNavigation({ ref: 'abc', pathname: '/project/[ref]/functions/[functionSlug]', columnPrivileges: false }).items
  expect(items.filter((i) => i.group === 'Edge Functions')).toMatchObject([
    { label: 'Functions', href: '/project/abc/functions', active: true },
    { label: 'Secrets', href: '/project/abc/functions/secrets', active: false },
  ])
})

it('leads Database to the tables page', () => {
  const database = projectNavigation({ ref: 'abc', pathname: '/project/[ref]', columnPrivileges: false }).items.find((i) => i.label === 'Database')
  expect(database?.href).toBe('/project/abc/database/tables')
})

it.each([
  ['/project/[ref]', ['Project overview']],
  ['/project/[ref]/sql', ['SQL Editor']],
  ['/project/[ref]/sql/[id]', ['SQL Editor']],
  ['/project/[ref]/sql/quickstarts', ['Snippet library']],
  ['/project/[ref]/database', ['Database']],
  ['/project/[ref]/database/[kind]', ['Database']],
  ['/project/[ref]/database/column-privileges', ['Column privileges']],
  ['/project/[ref]/database/extensions', ['Database']],
  ['/project/[ref]/database/wrappers', ['Database']],
  ['/project/[ref]/database/hooks', ['Database']],
  ['/project/[ref]/database/publications', ['Database']],
  ['/project/[ref]/database/backups', ['Backups']],
  ['/project/[ref]/editor', ['Table editor']],
  ['/project/[ref]/editor/[...table]', ['Table editor']],
  ['/project/[ref]/api/graphiql', ['GraphiQL']],
  ['/project/[ref]/api', ['API docs']],
  ['/project/[ref]/database/graphiql', ['GraphiQL']],
  ['/project/[ref]/logs/[source]', ['Logs']],
  ['/project/[ref]/advisors/query-performance', ['Query performance']],
  ['/project/[ref]/integrations/cron', ['Cron jobs']],
  ['/project/[ref]/settings/vault/secrets', ['Vault']],
  ['/project/[ref]/settings/general', ['General settings']],
  ['/project/[ref]/settings/compute-and-disk', ['Compute and Disk']],
  ['/project/[ref]/settings/api', ['API settings']],
  ['/project/[ref]/settings/storage', ['Storage settings']],
  ['/project/[ref]/auth/users', ['Users']],
  ['/project/[ref]/auth/providers', ['Providers']],
  ['/project/[ref]/auth/policies', ['Policies']],
])('in a project, %s marks %j', (pathname, expected) => {
  expect(active(projectNavigation({ ref: 'abc', pathname, columnPrivileges: true }))).toEqual(expected)
})

it.each([
  ['/org/[slug]', ['Projects']],
  ['/org/[slug]/team', ['Team']],
  ['/org/[slug]/billing', ['Billing']],
  ['/org/[slug]/usage', ['Usage']],
  ['/org/[slug]/invoices', ['Invoices']],
  ['/org/[slug]/audit', ['Audit log']],
  ['/org/[slug]/integrations', ['Integrations']],
  ['/org/[slug]/general', ['General settings']],
])('in an organization, %s marks %j', (pathname, expected) => {
  const section = organizationNavigation({ slug: 'acme', pathname, name: 'Acme' })
  expect(active(section)).toEqual(expected)
  expect(section.items.map((i) => i.href)).toEqual([
    '/org/acme',
    '/org/acme/team',
    '/org/acme/billing',
    '/org/acme/usage',
    '/org/acme/invoices',
    '/org/acme/audit',
    '/org/acme/integrations',
    '/org/acme/general',
  ])
})

it('leaves the audit log out for a member who may not read it', () => {
  const section = organizationNavigation({ slug: 'acme', pathname: '/org/[slug]/usage', auditLog: false })
  expect(labels(section)).toEqual(['Projects', 'Team', 'Billing', 'Usage', 'Invoices', 'Integrations', 'General settings'])
})
