/**
 * Loads the captcha provider's script once per page, trying again up to two times when it fails
 * to load (SPEC §8); after that, a generic script error the sign-up form shows. A failed load is
 * forgotten, so that opening the form again tries again.
 */
export const CAPTCHA_SCRIPT_RETRIES = 2
export const CAPTCHA_SCRIPT_ERROR = 'The captcha could not be loaded. Check your connection (or allow the captcha in your content blocker) and reload the page.'

export class CaptchaScriptError extends Error {
  name = 'CaptchaScriptError'
  constructor() {
    super(CAPTCHA_SCRIPT_ERROR)
  }
}

const loading = new Map<string, Promise<void>>()

function appendScript(src: string, doc: Document): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script')
    script.src = src
    script.async = true
    script.defer = true
    script.addEventListener('load', () => resolve(), { once: true })
    script.addEventListener(
      'error',
      () => {
        // The failed element goes, so that the next attempt is a fresh request.
        script.remove()
        reject(new CaptchaScriptError())
      },
      { once: true }
    )
    doc.head.appendChild(script)
  })
}

/** Resolves once the script has run; rejects with a CaptchaScriptError after 1 + 2 failed attempts. */
export function loadCaptchaScript(src: string, doc: Document = document): Promise<void> {
  const existing = loading.get(src)
  if (existing) return existing
  const attempt = async () => {
    for (let tries = 0; ; tries++) {
      try {
        return await appendScript(src, doc)
      } catch (error) {
        if (tries >= CAPTCHA_SCRIPT_RETRIES) throw error
      }
    }
  }
  const promise = attempt().catch((error: unknown) => {
    loading.delete(src)
    throw error
  })
  loading.set(src, promise)
  return promise
}

/** For tests: forget what was loaded. */
export function resetCaptchaScripts() {
  loading.clear()
}
