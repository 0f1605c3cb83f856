// Chromium for §5 (stream.mjs) and §6: script bytes on /projects against /404, counted with the
// Chrome DevTools Protocol.
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs'
import { assertNotAborting, onCleanup } from './lib/cleanup.mjs'
import { sleep } from './lib/util.mjs'

export async function launchBrowser() {
  assertNotAborting()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
  onCleanup('close Chromium', () => browser.close().catch(() => {}))
  return browser
}

export async function signIn(page, base, { email, password }) {
  await page.goto(`${base}/sign-in`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 60_000 })
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
