/**
 * Headers every page and answer carries. The Content-Security-Policy lets the dashboard, Monaco
 * (its workers are same-origin chunks, its styles inline) and the configured API and auth origins
 * work, and nothing else: no framing (clickjacking), no plugins, no foreign base or form targets.
 * Inline scripts stay allowed because the pages are prerendered (no per-request nonce) and the
 * bundler and the theme switcher each place one; 'unsafe-eval' only in development (fast refresh).
 */
export function contentSecurityPolicy({ connectOrigins = [], development = false }: { connectOrigins?: string[]; development?: boolean } = {}): string {
  const connect = ["'self'", ...new Set(connectOrigins)]
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/** The origin of an absolute URL, or nothing for a same-origin path like /api. */
export function originOf(url: string | undefined): string[] {
  if (!url || !/^https?:\/\//i.test(url)) return []
  return [new URL(url).origin]
}

export function securityHeaders(options: Parameters<typeof contentSecurityPolicy>[0] = {}): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ]
}
