import { Worker } from 'node:worker_threads'
const w = new Worker(new URL('./workers/pglite-worker.mjs', import.meta.url), { workerData: { dataDir: '/tmp/pgl/w1' } })
let id = 0; const pend = new Map()
const ready = new Promise((res, rej) => w.on('message', (m) => { if (m.type === 'ready') res(); else if (m.type==='failed') rej(new Error(m.message)); else { pend.get(m.id)(m); pend.delete(m.id) } }))
const t0 = performance.now(); await ready; console.log('ready', performance.now() - t0)
const req = (op, sql, shape='all') => new Promise((res) => { const i = ++id; pend.set(i, res); w.postMessage({ id: i, op, sql, shape }) })
const dec = (m) => m.ok ? new TextDecoder().decode(new Uint8Array(m.json)) : m
for (const sql of [
  "select 1 as a, 1 as a, 'x' as b, true, null::int n, 2::int8 big, 9007199254740993::int8 huge, 1.5::numeric num, 'NaN'::float8 f, '{\"a\":[1]}'::jsonb j, now()::date d, array[1,2] arr",
  'create table if not exists t(id int); insert into t values (1),(2); select * from t; ',
  'select 1; selec 2',
  'begin; set search_path = foo',
  'show search_path; select pg_current_xact_id_if_assigned()',
  ';',
  '-- hi',
  "copy t from stdin",
  "copy t to stdout",
  "select 1",
  "prepare p as select 1; declare c cursor with hold for select 1",
  "prepare p as select 2",
  "set role pg_read_all_data; select current_user",
  "select current_user, session_user",
  "set session authorization pg_read_all_data",
  "select current_user, session_user",
  "create extension if not exists citext; create extension if not exists pgcrypto; select 'A'::citext = 'a' as eq, length(gen_random_uuid()::text)",
]) console.log(sql.slice(0,40), '→', dec(await req('run', sql)))
let t = performance.now(); for (let i=0;i<200;i++) await req('run', 'select 1'); console.log('select1 avg', (performance.now()-t)/200)
t = performance.now(); const m = await req('run', 'select g, md5(g::text) from generate_series(1,100000) g'); console.log('100k', performance.now()-t, m.durationMs, m.json.byteLength)
t = performance.now(); const m2 = await req('run', 'select g, md5(g::text) from generate_series(1,100000) g'); console.log('100k', performance.now()-t, m2.durationMs)
t = performance.now(); JSON.parse(dec(m2)); console.log('parse', performance.now()-t)
console.log(dec(await req('close')))
