// §3 and §4: what a user waits for in Chromium. Run → 100,000 rows painted in the SQL editor
// against the same request fetched and parsed inside the page; and script bytes on /projects
// against /404, counted with the Chrome DevTools Protocol.
import { chromium } from 'playwright-core'
import { assertNotAborting, onCleanup } from './lib/cleanup.mjs'
import { log, median, sleep } from './lib/util.mjs'
import { ROWS_100K } from './sql.mjs'

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

export async function launchBrowser() {
  assertNotAborting()
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS })
  onCleanup('close Chromium', () => browser.close().catch(() => {}))
  return browser
}

async function signIn(page, base, { email, password }) {
  await page.goto(`${base}/sign-in`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 60_000 })
}

/**
 * Runs in the page before Run is clicked: t0 at the click (capture phase on document, before
 * React sees it); done when the status line says '100,000 rows' and row 0 of the grid is in the
 * DOM (tDom), then the next animation frame (tRaf) and a task after it, i.e. after that frame
 * was painted (tPaint). The request's own resource timing gives where the time went.
 */
function armInPage() {
  performance.setResourceTimingBufferSize(10_000)
  performance.clearResourceTimings()
  const b = (window.__bench = { t0: null, done: false })
  document.addEventListener(
    'click',
    (event) => {
      if (b.t0 !== null) return
      const button = event.target instanceof Element ? event.target.closest('button') : null
      if (button && button.textContent.trim().startsWith('Run')) b.t0 = performance.now()
    },
    true
  )
  const check = () => {
    if (b.t0 === null || b.tDom) return
    const status = document.querySelector('section[aria-label="Results"] [role="status"]')
    const row = document.querySelector('[role="grid"] [data-row-index="0"]')
    if (!status || !status.textContent.startsWith('100,000 rows') || !row) return
    b.tDom = performance.now()
    b.status = status.textContent
    b.ariaRowCount = document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount')
    b.rowsInDom = document.querySelectorAll('[role="grid"] [data-row-index]').length
    observer.disconnect()
    requestAnimationFrame(() => {
      b.tRaf = performance.now()
      setTimeout(() => {
        b.tPaint = performance.now()
        const entry = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/query'))
          .pop()
        if (entry) {
          b.requestStart = entry.startTime
          b.responseStart = entry.responseStart
          b.responseEnd = entry.responseEnd
          b.transferSize = entry.transferSize
          b.decodedBodySize = entry.decodedBodySize
        }
        b.done = true
      }, 0)
    })
  }
  const observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
}

/** The baseline: the editor's own request, fetched and JSON.parsed in the page, nothing rendered. */
async function fetchInPage({ ref, token, sql }) {
  const t0 = performance.now()
  const res = await fetch(`/api/platform/pg-meta/${ref}/query?results=all`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: sql }),
  })
  const text = await res.text()
  const tBody = performance.now()
  const data = JSON.parse(text)
  const t1 = performance.now()
  return { ms: t1 - t0, fetchMs: tBody - t0, parseMs: t1 - tBody, status: res.status, rows: data.results?.at(-1)?.rows?.length, chars: text.length }
}

export async function benchRunPaint({ browser, app, project, runs = 3 }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  onCleanup('close browser context (run → paint)', () => context.close().catch(() => {}))
  const page = await context.newPage()
  await signIn(page, app.url, project)
  const fetchArgs = { ref: project.ref, token: project.token, sql: ROWS_100K }

  const ui = []
  const baseline = []
  for (let i = 0; i < runs; i++) {
    await page.goto(`${app.url}/project/${project.ref}/sql/new`)
    const lines = page.locator('.monaco-editor .view-lines').first()
    await lines.waitFor({ state: 'visible', timeout: 60_000 })
    // The editor adds `limit 100` to a single query by default; the figure is about all the rows.
    await page.getByLabel('Row limit').selectOption({ label: 'No limit' })
    await lines.click()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.insertText(ROWS_100K)
    const run = page.getByRole('button', { name: 'Run', exact: true })
    await run.waitFor({ state: 'visible' })
    await sleep(300) // let the editor and the page settle before timing anything

    const measureFetch = async () => {
      const f = await page.evaluate(fetchInPage, fetchArgs)
      if (f.status !== 200 || f.rows !== 100_000) throw new Error(`in-page fetch answered ${f.status} with ${f.rows} rows`)
      baseline.push(f)
    }
    // Alternate which goes first, so neither always gets the warmer server or the cleaner heap.
    if (i % 2 === 1) await measureFetch()
    await page.evaluate(armInPage)
    await run.click()
    const handle = await page.waitForFunction(() => window.__bench?.done && window.__bench, null, { timeout: 180_000, polling: 100 })
    const m = await handle.jsonValue()
    if (m.ariaRowCount !== '100001') throw new Error(`grid aria-rowcount ${m.ariaRowCount}, expected 100001`)
    ui.push({
      ms: m.tPaint - m.t0,
      domMs: m.tDom - m.t0,
      rafMs: m.tRaf - m.t0,
      requestMs: m.responseEnd && m.requestStart ? m.responseEnd - m.requestStart : null,
      clickToRequestMs: m.requestStart ? m.requestStart - m.t0 : null,
      afterResponseMs: m.responseEnd ? m.tPaint - m.responseEnd : null,
      status: m.status,
      rowsInDom: m.rowsInDom,
      transferSize: m.transferSize,
    })
    if (i % 2 === 0) await measureFetch()
    log(`  run ${i + 1}/${runs}: Run → painted ${ui.at(-1).ms.toFixed(0)} ms (request ${ui.at(-1).requestMs?.toFixed(0)} ms); in-page fetch+parse ${baseline.at(-1).ms.toFixed(0)} ms`)
  }
  await context.close()
  const med = (list, key) => median(list.map((x) => x[key]).filter((v) => typeof v === 'number'))
  return {
    runs: ui,
    baselineRuns: baseline,
    median: {
      ms: med(ui, 'ms'),
      domMs: med(ui, 'domMs'),
      requestMs: med(ui, 'requestMs'),
      afterResponseMs: med(ui, 'afterResponseMs'),
      baselineMs: med(baseline, 'ms'),
      baselineFetchMs: med(baseline, 'fetchMs'),
      baselineParseMs: med(baseline, 'parseMs'),
    },
    rowsInDom: ui[0]?.rowsInDom,
    responseChars: baseline[0]?.chars,
  }
}

/**
 * Loads `url` in a fresh tab with an emptied HTTP cache (a first visit) and sums the JS it
 * receives. A URL fetched twice (e.g. a preload and then the script) counts once.
 */
async function scriptBytes(context, url) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const requests = new Map()
  const get = (id) => {
    if (!requests.has(id)) requests.set(id, { decoded: 0, encoded: null })
    return requests.get(id)
  }
  cdp.on('Network.responseReceived', (e) => {
    const r = get(e.requestId)
    r.url = e.response.url
    r.type = e.type
    r.mime = e.response.mimeType
    r.status = e.response.status
    const headers = Object.fromEntries(Object.entries(e.response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
    r.contentEncoding = headers['content-encoding'] ?? null
  })
  cdp.on('Network.requestWillBeSent', (e) => {
    const r = get(e.requestId)
    r.initiator = e.initiator?.type
    r.priority = e.request?.initialPriority
  })
  cdp.on('Network.dataReceived', (e) => {
    get(e.requestId).decoded += e.dataLength
  })
  cdp.on('Network.loadingFinished', (e) => {
    get(e.requestId).encoded = e.encodedDataLength
  })
  await cdp.send('Network.enable')
  await cdp.send('Network.clearBrowserCache')
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  await sleep(500)
  const finalPath = new URL(page.url()).pathname
  const scripts = [...requests.entries()].filter(([, r]) => r.type === 'Script' || /javascript|ecmascript/.test(r.mime ?? ''))
  for (const [id, r] of scripts) {
    // The body as the page got it, decompressed: more exact than summing dataReceived.
    try {
      const body = await cdp.send('Network.getResponseBody', { requestId: id })
      r.decoded = body.base64Encoded ? Buffer.from(body.body, 'base64').length : Buffer.byteLength(body.body)
    } catch {}
  }
  await page.close()
  const byUrl = new Map()
  let fetchedTwice = 0
  let duplicateTransferred = 0
  for (const [, r] of scripts) {
    const entry = { url: new URL(r.url).pathname, encoded: r.encoded ?? 0, decoded: r.decoded, contentEncoding: r.contentEncoding, type: r.type, initiator: r.initiator, priority: r.priority }
    const seen = byUrl.get(entry.url)
    // A second request answered from memory (a preload reused) has nothing on the wire.
    if (seen && seen.encoded > 0 && entry.encoded > 0) {
      fetchedTwice++
      duplicateTransferred += Math.min(seen.encoded, entry.encoded)
    }
    // Keep the larger of each: one request may carry the bytes and the other the readable body.
    if (seen) Object.assign(seen, { encoded: Math.max(seen.encoded, entry.encoded), decoded: Math.max(seen.decoded, entry.decoded) })
    else byUrl.set(entry.url, entry)
  }
  const list = [...byUrl.values()]
  return {
    url,
    finalPath,
    count: list.length,
    fetchedTwice,
    duplicateTransferred,
    /** Bytes whose first request was a <link rel=prefetch> (resource type Other) rather than a script. */
    viaPrefetchLink: list.filter((r) => r.type !== 'Script').reduce((sum, r) => sum + r.encoded, 0),
    transferred: list.reduce((s, r) => s + r.encoded, 0),
    uncompressed: list.reduce((s, r) => s + r.decoded, 0),
    encodings: [...new Set(list.map((r) => r.contentEncoding ?? 'identity'))],
    scripts: list.sort((a, b) => b.encoded - a.encoded),
  }
}

export async function benchScriptBytes({ browser, app, project }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  onCleanup('close browser context (script bytes)', () => context.close().catch(() => {}))
  const page = await context.newPage()
  await signIn(page, app.url, project)
  await page.close()
  const projects = await scriptBytes(context, `${app.url}/projects`)
  const notFound = await scriptBytes(context, `${app.url}/404`)
  const sqlEditor = await scriptBytes(context, `${app.url}/project/${project.ref}/sql/new`)
  await context.close()
  if (projects.finalPath !== '/projects') throw new Error(`/projects ended on ${projects.finalPath} (not signed in?)`)
  return { projects, notFound, sqlEditor }
}
