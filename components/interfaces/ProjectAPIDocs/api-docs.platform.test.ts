// @vitest-environment node
/**
 * The API docs' snippets are real: for a table whose schema, table and column names all need
 * quoting, the JavaScript snippet (run as it is, with fetch) and the Bash snippet (run by bash,
 * with curl) read, insert, update and delete its rows through the platform's SQL endpoint.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CATALOG_SQL, catalogFromRows, type CatalogTable } from '@/lib/sql/completion'
import type { TestPlatform } from '@/tests/helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, runSql } from '@/tests/helpers/project-backends'
import { bashSnippet, jsSnippet, queryEndpoint, tableSql } from './api-docs.utils'

const run = promisify(execFile)
const backend = BACKENDS[0]

let tp: TestPlatform
let stop: () => Promise<void>
let token: string
let url: string
let table: CatalogTable

beforeAll(async () => {
  ;({ tp, stop } = await backend.start())
  const owner = await ownerWithOrg(tp)
  token = owner.token
  const ref = await activeProject(tp, token, owner.org.slug)
  const setup = await runSql(tp, token, ref, `create schema "My Schema"; create table "My Schema"."my ""table""" ("we""ird col" integer, "it's" text)`)
  expect(setup.status).toBe(200)
  // The table as the panel sees it: from the schema catalog.
  const catalog = catalogFromRows((await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query: CATALOG_SQL } })).body)
  table = catalog.tables.find((t) => t.schema === 'My Schema')!
  // The test platform serves the API at its root (no /api prefix).
  url = queryEndpoint(`${tp.url}/platform`, tp.url, ref)
})
afterAll(async () => stop?.())

/** Runs the JavaScript snippet as it is written, with the token it asks for; answers its `rows`. */
async function runJs(sql: string): Promise<unknown> {
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (token: string) => Promise<unknown>
  return new AsyncFunction('ACCESS_TOKEN', `${jsSnippet({ url, sql, withToken: true })}\nreturn rows`)(token)
}

/** Runs the Bash snippet with bash and curl; answers what curl printed, parsed. */
async function runBash(sql: string): Promise<unknown> {
  const { stdout } = await run('bash', ['-c', `${bashSnippet({ url, sql, withToken: true })} --silent`], { env: { ...process.env, ACCESS_TOKEN: token } })
  return JSON.parse(stdout)
}

it('the JavaScript snippets insert, read, update and delete rows', async () => {
  expect(await runJs(tableSql(table, 'insert'))).toEqual([{ 'we"ird col': 1, "it's": 'example' }])
  expect(await runJs(tableSql(table, 'read'))).toEqual([{ 'we"ird col': 1, "it's": 'example' }])
  expect(await runJs(tableSql(table, 'update'))).toEqual([{ 'we"ird col': 1, "it's": 'example' }])
  expect(await runJs(tableSql(table, 'delete'))).toEqual([{ 'we"ird col': 1, "it's": 'example' }])
  expect(await runJs(tableSql(table, 'read'))).toEqual([])
})

it('the Bash snippets do the same through curl', async () => {
  expect(await runBash(tableSql(table, 'insert'))).toEqual([{ 'we"ird col': 1, "it's": 'example' }])
  expect(await runBash(tableSql(table, 'read'))).toEqual([{ 'we"ird col': 1, "it's": 'example' }])
  expect(await runBash(tableSql(table, 'delete'))).toEqual([{ 'we"ird col': 1, "it's": 'example' }])
})

it('a failing snippet throws the platform’s message', async () => {
  await expect(runJs('select * from "My Schema".missing')).rejects.toThrow('relation "My Schema.missing" does not exist')
})
