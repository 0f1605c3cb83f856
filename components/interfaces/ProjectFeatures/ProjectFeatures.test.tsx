// @vitest-environment happy-dom
/**
 * The feature pages against an MSW-mocked platform: each reads what the database offers first
 * (one catalog query, kept out of the history) and then either its real listing or a plain "not
 * offered" with why and what would enable it; changes are shown as SQL before they run, keep
 * Postgres' message when refused, and are not offered to a Read-only member.
 */

import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { actionsOf, type OrganizationRole } from '@/lib/api-types'
import { CAPABILITIES_SQL, type Capabilities } from '@/lib/sql/project-features/capabilities'
import { CRON_JOBS_SQL } from '@/lib/sql/project-features/cron'
import { resetStatementsSql, statementsSql, type StatementStats } from '@/lib/sql/project-features/query-performance'
import { VAULT_SECRETS_SQL } from '@/lib/sql/project-features/vault'
import { WRAPPERS_SQL } from '@/lib/sql/project-features/wrappers'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import { CronPage } from './Cron/CronPage'
import { QueryPerformancePage } from './QueryPerformance/QueryPerformancePage'
import { VaultSecretsPage } from './Vault/VaultSecretsPage'
import { WrappersPage } from './Wrappers/WrappersPage'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** A server with none of the features' extensions installed, nothing preloaded. */
const BARE: Capabilities = {
  server_version_num: 170006,
  preload: null,
  loaded: [],
  cron_database: null,
  database: 'p_abc',
  role: 'p_abc',
  superuser: false,
  create_on_database: true,
  extensions: [],
}
const ext = (name: string, over: Partial<Capabilities['extensions'][number]> = {}) => ({
  name,
  default_version: '1.0',
  installed_version: null,
  schema: null,
  trusted: false,
  comment: null,
  ...over,
})
const WITH_STATEMENTS: Capabilities = {
  ...BARE,
  loaded: ['pg_stat_statements'],
  statements_reset_database: true,
  extensions: [ext('pg_stat_statements', { installed_version: '1.10', schema: 'public' })],
}

const stat = (query: string, calls: number, total: number): StatementStats => ({
  role: 'p_abc',
  query,
  calls,
  total_time: total,
  mean_time: total / calls,
  max_time: total,
  rows: calls,
  cache_hit_ratio: 0.5,
})
const STATEMENTS = [stat('select * from orders', 1000, 200), stat('update stock set n = n - $1', 10, 900), stat('select pg_sleep($1)', 1, 5000)]

/** The platform: the caller's role, and answers per SQL text; records every query and its URL. */
function platform({
  role = 'Developer' as OrganizationRole,
  answers = {} as Record<string, unknown>,
  refuse = {} as Record<string, string>,
  extensions = { extensions: [], schemas: ['public'], platform_schema: null } as Record<string, unknown>,
}: {
  role?: OrganizationRole
  answers?: Record<string, unknown>
  refuse?: Record<string, string>
  /** The extensions listing (GET /platform/projects/abc/extensions). */
  extensions?: Record<string, unknown>
}) {
  const asked: { query: string; history: string | null }[] = []
  server.use(
    http.get('*/api/config', () =>
      HttpResponse.json({
        isPlatform: true,
        productName: 'Dashboard',
        authUrl: '/auth/v1',
        apiMocking: false,
      })
    ),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([
        {
          organization_id: 7,
          organization_slug: 'acme',
          actions: actionsOf(role),
          resources: ['*'],
          condition: null,
          restrictive: false,
        },
      ])
    ),
    http.get('*/api/platform/projects/abc/extensions', () => HttpResponse.json(extensions)),
    http.get('*/api/platform/projects/abc', () =>
      HttpResponse.json({
        ref: 'abc',
        organization_id: 7,
        status: 'ACTIVE_HEALTHY',
      })
    ),
    http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
      const { query } = (await request.json()) as { query: string }
      asked.push({
        query,
        history: new URL(request.url).searchParams.get('history'),
      })
      if (query in refuse)
        return HttpResponse.json(
          {
            code: 400,
            message: refuse[query],
            requestId: 'r1',
            pg: { code: '42501' },
          },
          { status: 400 }
        )
      if (query in answers) return HttpResponse.json(answers[query] as Record<string, unknown>[])
      return HttpResponse.json({ code: 400, message: 'unexpected query', requestId: 'r0' }, { status: 400 })
    })
  )
  return asked
}

describe('cron', () => {
  it('on a server without pg_cron: not offered, why, and what would enable it; no cron query is sent', async () => {
    const asked = platform({
      answers: { [CAPABILITIES_SQL]: [{ capabilities: BARE }] },
    })
    renderWithQueries(<CronPage projectRef="abc" />)
    expect(screen.getByRole('heading', { name: 'Cron jobs' })).toBeInTheDocument()
    expect(
      await screen.findByRole('heading', {
        name: 'Cron jobs are not offered for this project',
      })
    ).toBeInTheDocument()
    expect(screen.getByText('The PostgreSQL server of this project does not have pg_cron installed.')).toBeInTheDocument()
    expect(screen.getByText('apt-get install postgresql-15-cron')).toBeInTheDocument()
    expect(screen.getByText("cron.database_name = 'p_abc'")).toBeInTheDocument()
    expect(screen.queryByText(/embedded/i)).toBeNull()
    expect(asked).toEqual([{ query: CAPABILITIES_SQL, history: 'skip' }])
    expect(asked.some((a) => a.query === CRON_JOBS_SQL)).toBe(false)
  })

  it('with pg_cron installed: lists jobs with their last runs', async () => {
    const caps = {
      ...WITH_STATEMENTS,
      extensions: [ext('pg_cron', { installed_version: '1.6', schema: 'pg_catalog' })],
    }
    const job = {
      id: 1,
      name: 'nightly',
      schedule: '0 3 * * *',
      command: 'vacuum analyze',
      database: 'p_abc',
      username: 'p_abc',
      active: false,
      runs: [
        {
          status: 'failed',
          start_time: '2025-01-01 03:00:00+00',
          end_time: null,
          message: 'boom',
        },
      ],
    }
    platform({
      role: 'Read-only',
      answers: {
        [CAPABILITIES_SQL]: [{ capabilities: caps }],
        [CRON_JOBS_SQL]: [{ jobs: [job] }],
      },
    })
    renderWithQueries(<CronPage projectRef="abc" />)
    const list = await screen.findByRole('list', { name: 'Cron jobs' })
    expect(within(list).getByText('nightly')).toBeInTheDocument()
    expect(within(list).getByText('Paused')).toBeInTheDocument()
    expect(within(list).getByText(/boom/)).toBeInTheDocument()
    expect(await screen.findByText('Your role can see the jobs but not change them.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New job' })).not.toBeInTheDocument()
  })
})

describe('query performance', () => {
  const answers = {
    [CAPABILITIES_SQL]: [{ capabilities: WITH_STATEMENTS }],
    [statementsSql('public')]: [{ statements: STATEMENTS }],
  }
  const queries = () =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('code')?.textContent)

  it('lists the statements by total time, by calls or by mean time, and searches them', async () => {
    platform({ answers })
    const { user } = renderQueryPerformance()
    await screen.findByRole('table')
    expect(queries()).toEqual(['select pg_sleep($1)', 'update stock set n = n - $1', 'select * from orders'])
    await user.click(screen.getByRole('tab', { name: 'Most frequent' }))
    expect(queries()).toEqual(['select * from orders', 'update stock set n = n - $1', 'select pg_sleep($1)'])
    await user.click(screen.getByRole('button', { name: 'Calls' }))
    expect(queries()).toEqual(['select pg_sleep($1)', 'update stock set n = n - $1', 'select * from orders'])
    await user.click(screen.getByRole('tab', { name: 'Slowest (mean)' }))
    expect(queries()[0]).toBe('select pg_sleep($1)')
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'SELECT')
    expect(queries()).toEqual(['select pg_sleep($1)', 'select * from orders'])
    expect(screen.getByText('2 of 3')).toBeInTheDocument()
    expect(screen.getAllByText('5.00 s').length).toBeGreaterThan(0)
  })

  it("shows the reset of this database's statistics first, runs it into the history, and keeps Postgres' refusal", async () => {
    const reset = resetStatementsSql('public', { databaseOnly: true })
    expect(reset).toBe('select "public".pg_stat_statements_reset_database();')
    const asked = platform({
      answers,
      refuse: {
        [reset]: 'permission denied for function pg_stat_statements_reset',
      },
    })
    const { user } = renderQueryPerformance()
    await user.click(await screen.findByRole('button', { name: 'Reset statistics' }))
    const dialog = screen.getByRole('dialog', { name: 'Reset statistics' })
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent(reset)
    expect(asked.some((a) => a.query === reset)).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }))
    expect(await within(dialog).findByText('permission denied for function pg_stat_statements_reset')).toBeInTheDocument()
    expect(asked.find((a) => a.query === reset)).toEqual({
      query: reset,
      history: null,
    })
  })

  it('offers no reset where only a superuser could run it', async () => {
    platform({ answers: { ...answers, [CAPABILITIES_SQL]: [{ capabilities: { ...WITH_STATEMENTS, statements_reset_database: false } }] } })
    renderQueryPerformance()
    await screen.findByRole('table')
    expect(screen.queryByRole('button', { name: 'Reset statistics' })).not.toBeInTheDocument()
  })

  it('enables pg_stat_statements through the platform where it offers it, then shows the statistics', async () => {
    const offered = { name: 'pg_stat_statements', by_platform: true, enabled: false, changeable: true, required_schema: 'extensions', reason: null }
    const installed = {
      ...WITH_STATEMENTS,
      extensions: [ext('pg_stat_statements', { installed_version: '1.10', schema: 'extensions' })],
    }
    let enabled = false
    const asked = platform({
      answers: { [statementsSql('extensions')]: [{ statements: STATEMENTS }] },
      extensions: { extensions: [offered], schemas: ['public'], platform_schema: 'extensions' },
    })
    const sent: unknown[] = []
    server.use(
      http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
        const { query } = (await request.json()) as { query: string }
        asked.push({ query, history: null })
        if (query === CAPABILITIES_SQL)
          return HttpResponse.json([{ capabilities: enabled ? installed : { ...WITH_STATEMENTS, extensions: [ext('pg_stat_statements')] } }])
        if (query === statementsSql('extensions')) return HttpResponse.json([{ statements: STATEMENTS }])
        return HttpResponse.json({ code: 400, message: 'unexpected query', requestId: 'r0' }, { status: 400 })
      }),
      http.post('*/api/platform/projects/abc/extensions', async ({ request }) => {
        sent.push(await request.json())
        enabled = true
        return HttpResponse.json({ extensions: [{ ...offered, enabled: true, schema: 'extensions' }], schemas: ['public', 'extensions'], platform_schema: 'extensions', sql: '' })
      })
    )
    const { user } = renderQueryPerformance()
    expect(await screen.findByText(/the platform creates it for this project, as the server's admin/)).toBeInTheDocument()
    expect(screen.getByLabelText('SQL the platform runs')).toHaveTextContent('create extension "pg_stat_statements" with schema "extensions";')
    await user.click(await screen.findByRole('button', { name: 'Enable pg_stat_statements' }))
    await screen.findByRole('table')
    expect(sent).toEqual([{ name: 'pg_stat_statements', cascade: false }])
    expect(asked.some((a) => a.query.includes('create extension'))).toBe(false)
  })

  it('a Read-only member sees the statistics but cannot reset them', async () => {
    platform({ role: 'Read-only', answers })
    renderQueryPerformance()
    await screen.findByRole('table')
    expect(await screen.findByText('Your role can see the statistics but not reset them.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reset statistics' })).not.toBeInTheDocument()
  })

  it('on a server without the extension created: who may enable it, and that it must be preloaded', async () => {
    const caps = {
      ...WITH_STATEMENTS,
      loaded: [],
      extensions: [ext('pg_stat_statements')],
    }
    platform({ answers: { [CAPABILITIES_SQL]: [{ capabilities: caps }] } })
    renderQueryPerformance()
    expect(await screen.findByText('The pg_stat_statements extension is available but not enabled')).toBeInTheDocument()
    expect(screen.getByText(/only a superuser can create it/)).toBeInTheDocument()
    expect(screen.getByText(/This server does not preload it/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enable pg_stat_statements' })).not.toBeInTheDocument()
  })

  it('shows an error with a retry', async () => {
    let failing = true
    platform({})
    server.use(
      http.post('*/api/platform/pg-meta/abc/query', () =>
        failing
          ? HttpResponse.json(
              {
                code: 503,
                message: 'The project database is not answering',
                requestId: 'r2',
              },
              { status: 503 }
            )
          : HttpResponse.json([{ capabilities: BARE }])
      )
    )
    const { user } = renderQueryPerformance()
    expect(await screen.findByText("Could not check what the project's database offers")).toBeInTheDocument()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('heading', {
        name: 'Query performance is not offered for this project',
      })
    ).toBeInTheDocument()
  })
})

function renderQueryPerformance() {
  return renderWithQueries(<QueryPerformancePage projectRef="abc" />)
}

describe('vault', () => {
  it('not offered: says what enables it and that the platform keeps no project secrets elsewhere', async () => {
    platform({ answers: { [CAPABILITIES_SQL]: [{ capabilities: BARE }] } })
    renderWithQueries(<VaultSecretsPage projectRef="abc" />)
    expect(
      await screen.findByRole('heading', {
        name: 'The vault is not offered for this project',
      })
    ).toBeInTheDocument()
    expect(screen.getByText('create extension supabase_vault cascade')).toBeInTheDocument()
    expect(screen.getByText(/does not keep project secrets anywhere else/)).toBeInTheDocument()
  })

  it('lists names only; adding shows the SQL with the value masked and runs it outside the history', async () => {
    const caps = {
      ...WITH_STATEMENTS,
      extensions: [ext('supabase_vault', { installed_version: '0.3.1', schema: 'vault' })],
    }
    const secret = {
      id: '0e2f6a8c-1b2c-4d5e-8f90-a1b2c3d4e5f6',
      name: 'stripe_key',
      description: 'live',
      created_at: '2025-01-01',
      updated_at: null,
    }
    const real = "select vault.create_secret('sk_live_42', 'mailer', null);"
    const asked = platform({
      answers: {
        [CAPABILITIES_SQL]: [{ capabilities: caps }],
        [VAULT_SECRETS_SQL]: [{ secrets: [secret] }],
        [real]: [{ create_secret: 'x' }],
      },
    })
    const { user } = renderWithQueries(<VaultSecretsPage projectRef="abc" />)
    expect(within(await screen.findByRole('list', { name: 'Secrets' })).getByText('stripe_key')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Add secret' }))
    await user.type(screen.getByLabelText('Name'), 'mailer')
    await user.type(screen.getByLabelText('Value'), 'sk_live_42')
    await user.click(screen.getByRole('button', { name: 'Review SQL' }))
    const dialog = screen.getByRole('dialog', { name: 'Add a secret' })
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent("select vault.create_secret('••••••••', 'mailer', null);")
    expect(dialog).not.toHaveTextContent('sk_live_42')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(asked.find((a) => a.query === real)).toEqual({
      query: real,
      history: 'skip',
    })
  })
})

describe('wrappers', () => {
  it('lists the real catalog and says postgres_fdw needs the operator where the role cannot create it', async () => {
    const caps = {
      ...WITH_STATEMENTS,
      extensions: [ext('postgres_fdw'), ext('file_fdw')],
    }
    const catalog = { wrappers: [], servers: [], foreign_tables: [] }
    platform({
      answers: {
        [CAPABILITIES_SQL]: [{ capabilities: caps }],
        [WRAPPERS_SQL]: [{ wrappers: catalog }],
      },
    })
    renderWithQueries(<WrappersPage projectRef="abc" />)
    const extensions = await screen.findByRole('list', {
      name: 'Wrapper extensions',
    })
    expect(within(extensions).getAllByText('Needs the operator')).toHaveLength(2)
    expect(within(extensions).getByText('Not available')).toBeInTheDocument()
    expect(await screen.findByText('No foreign data wrappers in this database')).toBeInTheDocument()
  })
})
