#!/usr/bin/env node
// Table editor figures: a 1,000,000-row table opened in the editor, and reached at its middle row
// by keyset, against the raw driver's `select … limit 100` of the same rows, on a throwaway
// cluster of the platform's own PostgreSQL binaries and settings. `node bench/table-editor.mjs`
// (TABLE_EDITOR_ROWS, TABLE_EDITOR_RUNS; BENCH_QUICK=1 for a smoke run); see bench/README.md.
//
// The editor's SQL (lib/table-editor, TypeScript, loaded with jiti) runs through the same driver
// as the baseline, not through a running platform: what is measured is the SQL the editor sends
// (catalog detail in one query, keyset page with its cursor column) against the plainest query
// for the same rows. What the SQL endpoint adds to any query is §2 of `npm run bench`.
import path from 'node:path'
import os from 'node:os'
import { createJiti } from 'jiti'
import pg from 'pg'
import { cleanupAll, installSignalHandlers, onCleanup } from './lib/cleanup.mjs'
import { rawCluster } from './lib/engine.mjs'
import { makeTempDir } from './lib/proc.mjs'
import { figure, renderTable } from './lib/report.mjs'
import { settings } from './lib/settings.mjs'
import { log, median, percentile, root } from './lib/util.mjs'

const size = (name, full, small) => {
  const raw = process.env[name]
  if (raw && !/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got "${raw}"`)
  return raw ? Number(raw) : settings.quick ? small : full
}
const ROWS = Math.max(1000, size('TABLE_EDITOR_ROWS', 1_000_000, 10_000))
const RUNS = size('TABLE_EDITOR_RUNS', 60, 5)
const WARMUP = settings.quick ? 1 : 5
// The row the grid is scrolled to: the middle of the table.
const MID = Math.floor(ROWS / 2)

const SETUP = `
create table public.big (id bigint primary key, score int, label text not null, created_at timestamptz not null, doc jsonb);
insert into public.big
  select g, case when g % 11 = 0 then null else (g::int8 * 7919) % 1000 end, 'row ' || g, timestamptz '2024-01-01' + g * interval '1 second', jsonb_build_object('g', g)
  from generate_series(1, ${ROWS}) g;
create index big_score_idx on public.big (score);
`
// Apart: VACUUM cannot run in the implicit transaction of a multi-statement query.
const ANALYZE = 'vacuum analyze public.big'

const jiti = createJiti(import.meta.url, { alias: { '@': root } })
const editor = await jiti.import(path.join(root, 'lib/table-editor/index.ts'))
const { CATALOG_FINGERPRINT_SQL } = await jiti.import(path.join(root, 'server/graphql/catalog-fingerprint.ts'))

/** Runs every target `n` times, rotating which goes first each round; answers ms per target. */
async function interleaved(targets, n) {
  const times = Object.fromEntries(targets.map((t) => [t.key, []]))
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < targets.length; j++) {
      const target = targets[(i + j) % targets.length]
      const t0 = performance.now()
      const rows = await target.run()
      times[target.key].push(performance.now() - t0)
      target.check?.(rows)
    }
  }
  return times
}

const expectFirstId = (id) => (rows) => {
  if (rows.length !== 100 || Number(rows[0].id) !== id) throw new Error(`expected 100 rows from id ${id}, got ${rows.length} from ${rows[0]?.id}`)
}

/** The figures for one database, `query(sql)` answering rows as objects. */
async function benchTarget(label, query) {
  const [detailRow] = await query(editor.tableDetailSql('public', 'big'))
  const table = editor.tableDetailFromRows([detailRow])
  const first = (sort) => editor.rowsSql({ table, sort, filters: [], after: null, limit: 100 })
  const after = (sort, cursor) => editor.rowsSql({ table, sort, filters: [], after: cursor, limit: 100 })
  const byScore = { column: 'score', ascending: true }
  // The cursor of the row before id MID + 1 in each order, as the grid would hold it after scrolling.
  const [mid] = await query(`select score::text as score from public.big where id = ${MID}`)
  // What the platform answers while the catalog stands (server/sql/table-detail.ts): the detail's JSON kept from the last read.
  const kept = JSON.stringify([detailRow])
  const targets = [
    // Opening the table: its detail (one query), then the first page.
    { key: 'open', run: async () => (await query(editor.tableDetailSql('public', 'big')), await query(first(null))), check: expectFirstId(1) },
    // Opening it while the catalog stands: the kept detail, then the first page.
    { key: 'openKept', run: async () => (JSON.parse(kept), await query(first(null))), check: expectFirstId(1) },
    { key: 'firstPage', run: () => query(first(null)), check: expectFirstId(1) },
    // What every GraphQL request read before it was kept per catalog change (server/graphql/project-schemas.ts).
    { key: 'fingerprint', run: () => query(CATALOG_FINGERPRINT_SQL) },
    { key: 'openRaw', run: () => query('select * from public.big order by id limit 100'), check: expectFirstId(1) },
    { key: 'keyset', run: () => query(after(null, [String(MID)])), check: expectFirstId(MID + 1) },
    { key: 'keysetRaw', run: () => query(`select * from public.big where id > ${MID} order by id limit 100`), check: expectFirstId(MID + 1) },
    { key: 'sorted', run: () => query(first(byScore)) },
    { key: 'sortedRaw', run: () => query('select * from public.big order by score, id limit 100') },
    { key: 'sortedKeyset', run: () => query(after(byScore, [mid.score, String(MID)])) },
    { key: 'sortedKeysetRaw', run: () => query(`select * from public.big where (score, id) > (${Number(mid.score)}, ${MID}) order by score, id limit 100`) },
  ]
  log(`${label}: ${WARMUP} warm-up + ${RUNS} measured runs per query, interleaved`)
  await interleaved(targets, WARMUP)
  const times = await interleaved(targets, RUNS)
  const p50 = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]))
  const p95 = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, percentile(v, 95)]))
  const plan = async (sql) => (await query(`explain ${sql}`)).map((r) => r['QUERY PLAN']).join('\n')
  return { p50, p95, plans: { first: await plan(first(null)), keyset: await plan(after(null, [String(MID)])), sortedKeyset: await plan(after(byScore, [mid.score, String(MID)])) } }
}

function figuresOf(section, label, r) {
  const f = (id, name, key, baselineName) => figure({ id: `${label}.${id}`, section, name, value: r.p50[key], baseline: r.p50[`${key}Raw`], baselineName })
  return [
    f('open', `open, detail read from the catalog + first page, p50 (${label})`, 'open', 'raw `order by id limit 100`'),
    figure({ id: `${label}.openKept`, section, name: `open, detail kept while the catalog stands + first page, p50 (${label})`, value: r.p50.openKept, baseline: r.p50.openRaw, baselineName: 'raw `order by id limit 100`' }),
    figure({ id: `${label}.fingerprint`, section, name: `GraphQL catalog fingerprint (now once per change, was per request), p50 (${label})`, value: r.p50.fingerprint, baseline: r.p50.openRaw, baselineName: 'raw `order by id limit 100`' }),
    figure({ id: `${label}.firstPage`, section, name: `of which the first page alone, p50 (${label})`, value: r.p50.firstPage, baseline: r.p50.openRaw, baselineName: 'raw `order by id limit 100`' }),
    f('keyset', `row ${MID.toLocaleString('en-US')} by keyset, p50 (${label})`, 'keyset', `raw \`where id > ${MID} … limit 100\``),
    f('sorted', `first page sorted by an indexed nullable column, p50 (${label})`, 'sorted', 'raw `order by score, id limit 100`'),
    f('sortedKeyset', `sorted page from the middle (values then NULLs), p50 (${label})`, 'sortedKeyset', 'raw `where (score, id) > (…) … limit 100`'),
  ]
}

installSignalHandlers()
const figures = []
const details = {}
try {
  // fsync off: the figures are reads; the rows only need loading fast.
  const cluster = rawCluster({ dir: makeTempDir('bench-table-editor-'), durable: false })
  await cluster.init()
  await cluster.start()
  onCleanup('stop PostgreSQL', () => cluster.stop())
  const client = new pg.Client({ connectionString: cluster.url })
  client.on('error', () => {})
  await client.connect()
  onCleanup('close pg client', () => client.end().catch(() => {}))
  log(`PostgreSQL ${(await client.query('show server_version')).rows[0].server_version}: making ${ROWS.toLocaleString('en-US')} rows`)
  await client.query(SETUP)
  await client.query(ANALYZE)
  details.postgres = await benchTarget('PostgreSQL', async (sql) => (await client.query(sql)).rows)
  figures.push(...figuresOf('Table editor', 'PostgreSQL', details.postgres))

  console.log(renderTable(figures))
  if (process.env.TABLE_EDITOR_PLANS) console.log(JSON.stringify({ plans: details.postgres.plans }, null, 2))
  log(`load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`)
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await cleanupAll()
}
