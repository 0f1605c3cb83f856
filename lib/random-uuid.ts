/**
 * `crypto.randomUUID` exists in secure contexts only (HTTPS, localhost): a dashboard opened over
 * plain HTTP by a network address (a self-hosted one behind DASHBOARD_USERNAME, or any on a LAN)
 * would fail on its first request, which carries a fresh X-Request-Id. `crypto.getRandomValues`
 * exists everywhere: where randomUUID is missing, this module (imported first by pages/_app.tsx)
 * provides it from that, so every caller and library keeps using the one standard function.
 */

/** A version-4 UUID (RFC 9562) from 16 random bytes. */
export function uuidV4(bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(16))): string {
  const b = Uint8Array.from(bytes.subarray(0, 16))
  b[6] = (b[6] & 0x0f) | 0x40 // version 4
  b[8] = (b[8] & 0x3f) | 0x80 // variant 10
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Gives `target` a randomUUID when it has none (an insecure context). */
export function provideRandomUuid(target: Crypto | undefined = globalThis.crypto) {
  if (!target || typeof target.randomUUID === 'function') return
  Object.defineProperty(target, 'randomUUID', { value: () => uuidV4(), configurable: true, writable: true })
}

provideRandomUuid()
