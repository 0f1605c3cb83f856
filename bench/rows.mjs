// §3: a large result (by default 1,000,000 rows × 3 columns) through the SQL endpoint against the
// raw `pg` driver on the same server, interleaved run by run. The API side includes the client's
// work to get usable rows (`res.json()`, or parsing every line of the streamed answer), as the
// raw side includes the driver's parsing into row objects.
import { apiQuery } from './lib/api.mjs'
import { log } from './lib/util.mjs'
import { interleaved, rawClientFor, summary } from './sql.mjs'

export const rowsSql = (n) => `select g, md5(g::text) as hash, g * 2 as twice from generate_series(1, ${n}) g`

/** `format=ndjson` (what the SQL editor uses): reads the stream line by line; answers the row count. */
async function ndjsonRows(base, token, ref, query) {
  const res = await fetch(`${base}/api/platform/pg-meta/${ref}/query?format=ndjson`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  if (!res.ok) throw new Error(`SQL API (ndjson) ${res.status}: ${(await res.text()).slice(0, 500)}`)
  const decoder = new TextDecoder()
  let buffered = ''
  let rows = 0
  let complete = null
  const take = (line) => {
    if (!line) return
    const message = JSON.parse(line)
    if (message.type === 'rows') rows += message.rows.length
    else if (message.type === 'complete') complete = message
    else if (message.type === 'error') throw new Error(`SQL API (ndjson) error: ${line.slice(0, 500)}`)
  }
  for await (const chunk of res.body) {
    buffered += decoder.decode(chunk, { stream: true })
    let nl
    while ((nl = buffered.indexOf('\n')) !== -1) {
      take(buffered.slice(0, nl))
      buffered = buffered.slice(nl + 1)
    }
  }
  take(buffered + decoder.decode())
  if (!complete) throw new Error('SQL API (ndjson): the stream ended without "complete"')
  return { length: rows }
}

/**
 * Where the one-piece JSON answer's time goes, run by run: the answer's headers (the server has
 * read every row and built the body: it cannot answer before, since a failure or a result over
 * the cap must still be a 400), the whole body, then JSON.parse of it alone on the client.
 */
async function jsonStages(base, token, ref, query, runs) {
  const stages = { headers: [], body: [], parse: [] }
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    const res = await fetch(`${base}/api/platform/pg-meta/${ref}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    })
    const headersAt = performance.now()
    const text = await res.text()
    const bodyAt = performance.now()
    JSON.parse(text)
    stages.headers.push(headersAt - started)
    stages.body.push(bodyAt - headersAt)
    stages.parse.push(performance.now() - bodyAt)
  }
  return Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, summary(v)]))
}

export async function benchRows({ app, project, rows, runs, warmup }) {
  const raw = await rawClientFor(app, project)
  const sql = rowsSql(rows)
  const targets = [
    { key: 'raw', run: async () => (await raw.client.query(sql)).rows },
    { key: 'api', run: () => apiQuery(app.url, project.token, project.ref, sql) },
    { key: 'apiIdentity', run: () => apiQuery(app.url, project.token, project.ref, sql, { encoding: 'identity' }) },
    { key: 'apiNdjson', run: () => ndjsonRows(app.url, project.token, project.ref, sql) },
  ]
  const check = (key, out) => {
    if (out?.length !== rows) throw new Error(`${key}: expected ${rows} rows, got ${Array.isArray(out) ? out.length : JSON.stringify(out).slice(0, 200)}`)
  }
  log(`${rows.toLocaleString('en-US')} rows × 3 columns: ${warmup} warm-up + ${runs} measured runs per target, interleaved`)
  await interleaved(targets, warmup, check)
  const times = await interleaved(targets, runs, check)
  return {
    rows,
    sql,
    rawDatabase: raw.database,
    byTarget: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summary(v)])),
    jsonStages: await jsonStages(app.url, project.token, project.ref, sql, runs),
  }
}
