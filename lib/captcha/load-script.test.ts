// @vitest-environment jsdom
// (jsdom: the test drives the script's load and error events; happy-dom would fetch its src.)
import { afterEach, expect, it } from 'vitest'
import { CAPTCHA_SCRIPT_ERROR, loadCaptchaScript, resetCaptchaScripts } from './load-script'
import { captchaScriptSrc } from './hcaptcha'

const SRC = 'https://captcha.test/1/api.js?render=explicit'
const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>(`script[src="${SRC}"]`)]
/** Lets the loader's awaits run, so that its next attempt is in the page. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  resetCaptchaScripts()
  document.head.innerHTML = ''
})

it('adds the script once, however many widgets ask for it', async () => {
  const first = loadCaptchaScript(SRC)
  const second = loadCaptchaScript(SRC)
  expect(scripts()).toHaveLength(1)
  scripts()[0].dispatchEvent(new Event('load'))
  await expect(Promise.all([first, second])).resolves.toBeDefined()
  await loadCaptchaScript(SRC)
  expect(scripts()).toHaveLength(1)
})

it('tries again twice when the script fails to load, then succeeds', async () => {
  const loaded = loadCaptchaScript(SRC)
  for (let attempt = 0; attempt < 2; attempt++) {
    expect(scripts()).toHaveLength(1)
    scripts()[0].dispatchEvent(new Event('error'))
    await settle()
  }
  expect(scripts()).toHaveLength(1)
  scripts()[0].dispatchEvent(new Event('load'))
  await expect(loaded).resolves.toBeUndefined()
})

it('gives a generic script error after three failed loads, and tries afresh next time', async () => {
  const loaded = loadCaptchaScript(SRC)
  const outcome = loaded.catch((error: Error) => error)
  for (let attempt = 0; attempt < 3; attempt++) {
    scripts()[0].dispatchEvent(new Event('error'))
    await settle()
  }
  expect(await outcome).toMatchObject({ name: 'CaptchaScriptError', message: CAPTCHA_SCRIPT_ERROR })
  expect(scripts()).toHaveLength(0)
  void loadCaptchaScript(SRC)
  expect(scripts()).toHaveLength(1)
})

it('asks the provider for explicit rendering, keeping what the URL already says', () => {
  expect(captchaScriptSrc('https://js.hcaptcha.com/1/api.js')).toBe('https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off')
  expect(captchaScriptSrc('https://captcha.test/api.js?render=onload&hl=fr')).toBe('https://captcha.test/api.js?render=onload&hl=fr&recaptchacompat=off')
})
