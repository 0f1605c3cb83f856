// §5: streamed results in the SQL editor, in Chromium. For each size (by default 10,000, 100,000
// and 1,000,000 rows × 3 columns): Run → first rows painted, and Run → last row reachable (the
// status says every row is in, the grid is scrolled to the end and its last row painted), each
// beside the raw `pg` driver fetching all the rows from the same database in the same run. Then
// the tab's JS heap after garbage collection over runs of the largest size.
import { onCleanup } from './lib/cleanup.mjs'
import { log, median, sleep } from './lib/util.mjs'
import { signIn } from './browser.mjs'
import { rowsSql } from './rows.mjs'
import { rawClientFor } from './sql.mjs'

/**
 * Runs in the page before Run is clicked. t0: the click (capture phase, before React). First:
 * row 0 is in the grid, then a frame and a task after it (that frame was painted). Last: the
 * status line says all `expected` rows are in (not "so far"), the grid is scrolled to its end, and
 * the row `expected - 1` is in the DOM and painted.
 */
function armInPage(expected) {
  const b = (window.__bench = { t0: null, done: false })
  const total = expected.toLocaleString('en-US')
  const painted = (key, then) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        b[key] = performance.now()
        then?.()
      }, 0)
    )
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
    if (b.t0 === null) return
    const grid = document.querySelector('section[aria-label="Results"] [role="grid"]')
    if (!b.firstSeen && grid?.querySelector('[data-row-index="0"]')) {
      b.firstSeen = performance.now()
      painted('tFirst')
    }
    const status = document.querySelector('section[aria-label="Results"] > [role="status"], section[aria-label="Results"] [role="status"]')
    if (!b.completeSeen && grid && status?.textContent.startsWith(`${total} rows ·`)) {
      b.completeSeen = performance.now()
      b.ariaRowCount = grid.getAttribute('aria-rowcount')
      grid.scrollTop = grid.scrollHeight
    }
    if (b.completeSeen && !b.lastSeen && grid?.querySelector(`[data-row-index="${expected - 1}"]`)) {
      b.lastSeen = performance.now()
      observer.disconnect()
      painted('tLast', () => (b.done = true))
    }
  }
  const observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-progress'] })
}

async function openEditor(page, app, project, sql) {
  await page.goto(`${app.url}/project/${project.ref}/sql/new`)
  const lines = page.locator('.monaco-editor .view-lines').first()
  await lines.waitFor({ state: 'visible', timeout: 60_000 })
  // The editor adds `limit 100` to a single query by default; the figures are about all the rows.
  await page.getByLabel('Row limit').selectOption({ label: 'No limit' })
  await lines.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.insertText(sql)
  await sleep(300) // let the editor and the page settle before timing anything
}

async function runInPage(page, expected) {
  await page.evaluate(armInPage, expected)
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const handle = await page.waitForFunction(() => window.__bench?.done && window.__bench, null, { timeout: 300_000, polling: 100 })
  const m = await handle.jsonValue()
  if (m.ariaRowCount !== String(expected + 1)) throw new Error(`grid aria-rowcount ${m.ariaRowCount}, expected ${expected + 1}`)
  return { firstMs: m.tFirst - m.t0, lastMs: m.tLast - m.t0, completeMs: m.completeSeen - m.t0 }
}

async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize
}

export async function benchStream({ browser, app, project, sizes, runs, heapRuns }) {
  const { client: raw } = await rawClientFor(app, project)
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  onCleanup('close browser context (stream)', () => context.close().catch(() => {}))
  const page = await context.newPage()
  await signIn(page, app.url, project)

  const bySize = {}
  for (const n of sizes) {
    const sql = rowsSql(n)
    const ui = []
    const base = []
    const rawFetch = async () => {
      const t0 = performance.now()
      const { rows } = await raw.query(sql)
      if (rows.length !== n) throw new Error(`raw pg answered ${rows.length} rows`)
      base.push(performance.now() - t0)
    }
    await rawFetch() // warm-up: the database's caches, the driver's code paths
    base.length = 0
    for (let i = 0; i < runs; i++) {
      await openEditor(page, app, project, sql)
      // Alternate which goes first, so neither always meets the warmer database.
      if (i % 2 === 1) await rawFetch()
      ui.push(await runInPage(page, n))
      if (i % 2 === 0) await rawFetch()
      log(`  ${n.toLocaleString('en-US')} rows, run ${i + 1}/${runs}: first rows ${ui.at(-1).firstMs.toFixed(0)} ms, last row ${ui.at(-1).lastMs.toFixed(0)} ms; raw pg ${base.at(-1).toFixed(0)} ms`)
    }
    bySize[n] = {
      runs: ui,
      rawRuns: base,
      median: { firstMs: median(ui.map((r) => r.firstMs)), lastMs: median(ui.map((r) => r.lastMs)), rawMs: median(base) },
    }
  }

  // Heap: five runs of the largest size in this one tab, measured after a GC after each.
  const largest = Math.max(...sizes)
  const cdp = await context.newCDPSession(page)
  await openEditor(page, app, project, rowsSql(largest))
  const heap = []
  for (let i = 0; i < heapRuns; i++) {
    await runInPage(page, largest)
    await sleep(500)
    heap.push(await heapAfterGc(cdp))
    log(`  heap after run ${i + 1}/${heapRuns} of ${largest.toLocaleString('en-US')} rows: ${(heap.at(-1) / 1048576).toFixed(1)} MB`)
  }
  await context.close()
  return { bySize, heap, heapRows: largest }
}
