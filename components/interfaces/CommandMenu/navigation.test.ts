// @vitest-environment node
import fs from 'node:fs'
import path from 'node:path'
import { NAVIGATION_TARGETS, NOT_DESTINATIONS, navigationTargets } from './navigation'

/** Every page route of pages/ as Next names it (`/project/[ref]/sql`), API and special files aside. */
function pageRoutes(dir = path.join(process.cwd(), 'pages'), prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === 'api' && prefix === '' ? [] : pageRoutes(path.join(dir, entry.name), `${prefix}/${entry.name}`)
    if (!/\.tsx?$/.test(entry.name) || entry.name.startsWith('_') || /\.test\.tsx?$/.test(entry.name)) return []
    const name = entry.name.replace(/\.tsx?$/, '')
    return [name === 'index' ? prefix || '/' : `${prefix}/${name}`]
  })
}

describe('the navigation commands', () => {
  it('cover every page of the dashboard, or say why not', () => {
    const offered = new Set([...NAVIGATION_TARGETS.map((t) => t.route), ...Object.keys(NOT_DESTINATIONS)])
    expect(pageRoutes().filter((route) => !offered.has(route))).toEqual([])
  })

  it('name only routes that exist', () => {
    const routes = new Set(pageRoutes())
    expect(NAVIGATION_TARGETS.map((t) => t.route).filter((route) => !routes.has(route))).toEqual([])
  })

  it.each([
    ['no project or organization', { isPlatform: true }, ['/projects', '/new', '/account/security', '/account/tokens', '/account/telemetry', '/support/new', '/docs/quick-start']],
    [
      'a project of an organization',
      { isPlatform: true, ref: 'abc', slug: 'acme' },
      [
        '/projects',
        '/project/abc',
        '/project/abc/editor',
        '/project/abc/sql',
        '/project/abc/sql/new',
        '/project/abc/sql/templates',
        '/project/abc/sql/quickstarts',
        '/project/abc/database/tables',
        '/project/abc/database/views',
        '/project/abc/database/functions',
        '/project/abc/database/triggers',
        '/project/abc/database/indexes',
        '/project/abc/database/roles',
        '/project/abc/database/schemas',
        '/project/abc/database/types',
        '/project/abc/database/extensions',
        '/project/abc/api/graphiql',
        '/project/abc/api',
        '/project/abc/logs',
        '/project/abc/advisors/query-performance',
        '/project/abc/integrations/cron',
        '/project/abc/database/hooks',
        '/project/abc/database/publications',
        '/project/abc/settings/general',
        '/project/abc/settings/compute-and-disk',
        '/project/abc/settings/api',
        '/project/abc/settings/storage',
        '/project/abc/settings/vault/secrets',
        '/project/abc/database/backups',
        '/project/abc/database/wrappers',
        '/project/abc/database/column-privileges',
        '/project/abc/auth/users',
        '/project/abc/auth/providers',
        '/project/abc/auth/policies',
        '/project/abc/storage/buckets',
        '/project/abc/storage/policies',
        '/project/abc/realtime/inspector',
        '/project/abc/realtime/settings',
        '/project/abc/functions',
        '/project/abc/functions/new',
        '/project/abc/functions/secrets',
        '/org/acme',
        '/org/acme/team',
        '/org/acme/billing',
        '/org/acme/usage',
        '/org/acme/invoices',
        '/org/acme/audit',
        '/org/acme/integrations',
        '/org/acme/general',
        '/new/acme',
        '/new',
        '/account/security',
        '/account/tokens',
        '/account/telemetry',
        '/support/new',
        '/docs/quick-start',
      ],
    ],
    ['self-hosted: no project list, no new organizations or projects', { isPlatform: false, ref: 'default', slug: 'default-org' }, undefined],
  ])('in the context of %s', (_, ctx, expected) => {
    const paths = navigationTargets(ctx).map((t) => t.path)
    if (expected) expect(paths).toEqual(expected)
    else {
      expect(paths).toContain('/project/default/sql')
      expect(paths).not.toContain('/projects')
      expect(paths).not.toContain('/new')
      expect(paths).not.toContain('/new/default-org')
      expect(paths).not.toContain('/org/default-org/usage')
      expect(paths).not.toContain('/org/default-org/audit')
    }
  })

  it('have names unique in the menu', () => {
    const names = NAVIGATION_TARGETS.map((t) => t.name)
    expect(new Set(names).size).toBe(names.length)
  })
})
