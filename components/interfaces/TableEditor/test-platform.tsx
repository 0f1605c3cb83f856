/**
 * The table editor's tests' platform: an MSW server whose SQL endpoint answers by the SQL it is
 * sent (the same text the editor's SQL functions make), a Developer or Read-only member, and the
 * page rendered with its location held in state.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { mockedPlatform } from '@/tests/helpers/mocked-platform'
import { useState } from 'react'
import { createQueryClient } from '@/data/query-client'
import { actionsOf } from '@/lib/api-types/permissions'
import type { OrganizationRole } from '@/lib/api-types'
import { cursorOf, rowsSql, schemasSql, tableDetailFromRows, tableDetailSql, tablesSql, type Row } from '@/lib/table-editor'
import { TableEditorPage } from './TableEditorPage'

export { act, fireEvent, screen, waitFor, within }

// jsdom does no layout: every element gets a viewport, so the virtualizer has a window to fill.
export const VIEWPORT = { width: 1200, height: 600 }
const originals = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
}
const server = setupServer()

/**
 * The viewport and the mocked platform, for the calling file's tests (called at its top level).
 * Hooks of the file's own, not of this module: a module shared between files is loaded only once
 * (tests/shared-module-files.mjs).
 */
export function startMockedPlatform() {
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEWPORT.height })
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => VIEWPORT.width })
  })
  afterAll(() => {
    for (const [name, descriptor] of Object.entries(originals)) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
  })
  mockedPlatform(server)
}

/** The catalog's answer for public.todos, as tableDetailSql's one row of JSON. */
const column = (name: string, type: string, base: string, typcategory: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  base,
  typtype: 'b',
  typcategory,
  elementBase: null,
  elementTyptype: null,
  elementTypcategory: null,
  enumValues: null,
  nullable: true,
  defaultValue: null,
  identity: false,
  generated: false,
  primaryKey: false,
  uniqueConstraint: null,
  foreignKey: null,
  comment: null,
  ...extra,
})
export const TODOS_DETAIL = [
  {
    detail: {
      schema: 'public',
      name: 'todos',
      estimatedRows: 1_000_000,
      countedRows: null,
      rlsEnabled: true,
      comment: null,
      columns: [
        column('id', 'bigint', 'int8', 'N', { nullable: false, identity: true, primaryKey: true }),
        column('title', 'text', 'text', 'S'),
        column('done', 'boolean', 'bool', 'B'),
      ],
      primaryKey: ['id'],
      primaryKeyConstraint: 'todos_pkey',
      policies: [],
    },
  },
]
export const TODOS = tableDetailFromRows(TODOS_DETAIL)!
export const todo = (id: number): Row => ({ id, title: `Task ${id}`, done: id % 2 === 0, __cursor: [String(id)] })
export const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => todo(from + i))
export const FIRST_PAGE = page(1, 100)
export const firstPageSql = rowsSql({ table: TODOS, sort: null, filters: [], after: null, limit: 100 })
export const secondPageSql = rowsSql({ table: TODOS, sort: null, filters: [], after: cursorOf({ table: TODOS, sort: null }, FIRST_PAGE[99]), limit: 100 })

export type Sent = { sql: string; history: string | null }

export function platform({
  role = 'Developer' as OrganizationRole,
  updateError = null as string | null,
  answer = (() => undefined) as (sql: string) => unknown[] | string | undefined,
} = {}) {
  const state = { sent: [] as Sent[] }
  const pgError = (message: string) => HttpResponse.json({ code: 400, message, requestId: 'r1' }, { status: 400 })
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
      const { query: sql } = (await request.json()) as { query: string }
      state.sent.push({ sql, history: new URL(request.url).searchParams.get('history') })
      return respond(sql)
    }),
    // The table detail has a route of its own (answered from the catalog once per change): recorded as the read it stands for.
    http.get('*/api/platform/pg-meta/abc/table-detail', ({ request }) => {
      const params = new URL(request.url).searchParams
      const sql = tableDetailSql(params.get('schema') ?? '', params.get('table') ?? '')
      state.sent.push({ sql, history: 'skip' })
      return respond(sql)
    })
  )
  function respond(sql: string) {
    const custom = answer(sql)
    if (typeof custom === 'string') return pgError(custom)
    if (custom) return HttpResponse.json(custom)
    if (sql === schemasSql()) return HttpResponse.json([{ name: 'app' }, { name: 'public' }])
    if (sql === tablesSql('public'))
      return HttpResponse.json([
        { schema: 'public', name: 'todos', estimated_rows: 1_000_000, rls_enabled: true, comment: null },
        { schema: 'public', name: 'users', estimated_rows: 12, rls_enabled: false, comment: null },
      ])
    if (sql === tableDetailSql('public', 'todos')) return HttpResponse.json(TODOS_DETAIL)
    if (sql === firstPageSql) return HttpResponse.json(FIRST_PAGE)
    if (sql === secondPageSql) return HttpResponse.json(page(101, 20))
    if (sql.startsWith('update')) return updateError ? pgError(updateError) : HttpResponse.json([{ ...todo(3), title: 'Renamed' }])
    return pgError(`unexpected SQL in this test: ${sql}`)
  }
  return state
}

export function renderEditor(table?: string) {
  const user = userEvent.setup()
  function Harness() {
    const [at, setAt] = useState({ schema: 'public', table })
    return <TableEditorPage projectRef="abc" schema={at.schema} table={at.table} onNavigate={(schema, next) => setAt({ schema, table: next })} />
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>
  )
  return { user }
}

export const reads = (state: { sent: Sent[] }) => state.sent.filter((s) => s.history === 'skip').map((s) => s.sql)
