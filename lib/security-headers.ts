/**
 * Headers every page and answer carries. The Content-Security-Policy lets the dashboard, Monaco
 * (its workers are same-origin chunks, its styles inline) and the configured API, auth and docs
 * origins work, and nothing else: no framing (clickjacking), no plugins, no foreign base or form
 * targets. Inline scripts stay allowed because the pages are prerendered (no per-request nonce)
 * and the bundler and the theme switcher each place one; 'unsafe-eval' only in development (fast
 * refresh). A configured sign-up captcha adds its provider's origins for its script, frame, styles
 * and calls. The policy is made at run time (proxy.ts), so these settings need no rebuild.
 */
export type PolicyOptions = {
  connectOrigins?: string[]
  /** Origins of a third-party widget (the captcha): script, frame, style and connect sources. */
  widgetOrigins?: string[]
  development?: boolean
}

export function contentSecurityPolicy({ connectOrigins = [], widgetOrigins = [], development = false }: PolicyOptions = {}): string {
  const connect = ["'self'", ...new Set([...connectOrigins, ...widgetOrigins])]
  const widget = [...new Set(widgetOrigins)].map((o) => ` ${o}`).join('')
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ''}${widget}`,
    `style-src 'self' 'unsafe-inline'${widget}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    ...(widget ? [`frame-src${widget}`] : []),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/**
 * A widget served from a sub-domain (js.example-captcha.com) also frames and calls its siblings
 * (assets., api.): its origin, its parent domain and the parent's sub-domains.
 */
export function widgetOriginsOf(scriptUrl: string | undefined): string[] {
  if (!scriptUrl || !/^https?:\/\//i.test(scriptUrl)) return []
  const url = new URL(scriptUrl)
  const labels = url.hostname.split('.')
  if (labels.length < 3 || /^[\d.]+$/.test(url.hostname)) return [url.origin]
  const parent = labels.slice(1).join('.')
  const port = url.port ? `:${url.port}` : ''
  return [url.origin, `${url.protocol}//${parent}${port}`, `${url.protocol}//*.${parent}${port}`]
}

/** The origin of an absolute URL, or nothing for a same-origin path like /api. */
export function originOf(url: string | undefined): string[] {
  if (!url || !/^https?:\/\//i.test(url)) return []
  return [new URL(url).origin]
}

export function securityHeaders(options: PolicyOptions = {}): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ]
}
