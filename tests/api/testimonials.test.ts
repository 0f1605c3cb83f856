// @vitest-environment node
/**
 * GET /site/testimonials: the operator's file as the sign-in page gets it, re-read when it changes
 * (no restart), and an invalid file an error in the server log and an empty list, never a failure.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { testimonialList } from '@/lib/api-types'
import { DEFAULT_TESTIMONIALS_FILE } from '@/server/site/config'
import { readTestimonials } from '@/server/site/testimonials'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'testimonials-'))
const file = path.join(dir, 'testimonials.json')
let tp: TestPlatform
let version = 0

/** Writes the file with a modification time of its own, as an editor saving it later would. */
function writeFile(content: unknown) {
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  const at = new Date(Date.UTC(2030, 0, 1, 0, 0, ++version))
  fs.utimesSync(file, at, at)
}

const ada = { text: 'Fast to set up.', url: 'https://example.com/@ada', handle: '@ada', img_url: '/testimonials/ada.svg' }
const linus = { text: 'Great SQL editor.', url: 'http://example.org/linus', handle: '@linus', img_url: 'https://img.example.com/linus.png' }

beforeAll(async () => {
  writeFile([ada])
  tp = await startTestPlatform({ site: { testimonialsFile: file } })
})
afterAll(async () => {
  await tp?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})
afterEach(() => vi.restoreAllMocks())

const get = () => tp.call('GET', '/site/testimonials')

describe('the testimonials file', () => {
  it('is served to anyone, without a session', async () => {
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.body).toEqual([ada])
  })

  it('is read again when it changes, without a restart', async () => {
    writeFile([linus, { ...ada, img_url: null }])
    expect((await get()).body).toEqual([linus, { ...ada, img_url: null }])
    // An entry without a picture is fine: the page shows initials.
    const { img_url: _, ...noPicture } = ada
    writeFile([noPicture])
    expect((await get()).body).toEqual([noPicture])
  })

  it.each([
    ['not JSON', '[{"text": "oops"', 'is not JSON'],
    ['not a list', { text: 'x' }, 'does not hold a list of testimonials'],
    ['a javascript: link', [{ ...ada, url: 'javascript:alert(1)' }], 'url must be an http or https URL'],
    ['a protocol-relative picture', [{ ...ada, img_url: '//evil.example/x.png' }], 'img_url must be an http(s) URL or a path starting with /'],
    ['an empty text', [{ ...ada, text: '  ' }], 'text is required'],
    ['a field nobody knows', [{ ...ada, html: '<script>' }], 'does not hold a list of testimonials'],
    ['a missing handle', [{ text: 'x', url: 'https://example.com' }], 'handle'],
  ])('%s answers an empty list and says why in the server log, once', async (_, content, reason) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    writeFile(content)
    const first = await get()
    expect(first.status).toBe(200)
    expect(first.body).toEqual([])
    expect(await get()).toMatchObject({ status: 200, body: [] })
    expect(log).toHaveBeenCalledTimes(1)
    expect(String(log.mock.calls[0][0])).toContain(file)
    expect(String(log.mock.calls[0][0])).toContain(reason)
  })

  it('a file that disappears answers an empty list; once back, it is served again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    fs.rmSync(file)
    expect((await get()).body).toEqual([])
    expect(String(log.mock.calls[0][0])).toContain('does not exist')
    writeFile([ada])
    expect((await get()).body).toEqual([ada])
  })

  it('a huge file is not read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    writeFile(JSON.stringify([ada]).padEnd(300 * 1024, ' '))
    expect((await get()).body).toEqual([])
    expect(String(log.mock.calls[0][0])).toContain('larger than')
  })
})

describe('the file shipped with the product', () => {
  it('is valid, and its pictures are files of the site', async () => {
    const shipped = await readTestimonials(path.resolve(DEFAULT_TESTIMONIALS_FILE), { error: (m: string) => expect.fail(m) })
    expect(testimonialList.parse(shipped).length).toBeGreaterThan(0)
    for (const t of shipped) {
      if (t.img_url?.startsWith('/')) expect(fs.existsSync(path.join('public', t.img_url))).toBe(true)
    }
  })
})
