// @ts-check
/**
 * Next.js configuration. Node loads this file as it is (no TypeScript step), so the two TypeScript
 * modules it shares with the dashboard — the API and auth addresses, and the security headers — are
 * loaded through jiti, the loader Tailwind also uses for tailwind.config.ts. They are read only
 * while `headers()` runs, which is at build time: `next start` never needs them.
 */

/**
 * @template T
 * @param {string} file a path relative to this file
 * @returns {Promise<T>}
 */
async function loadTypeScript(file) {
  const { createJiti } = await import('jiti')
  return createJiti(__filename).import(file)
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The GoTrue-compatible auth lives under /api/auth/v1; @supabase/auth-js in the browser talks to
  // `${origin}/auth/v1`, as it would to a hosted auth server.
  async rewrites() {
    return [{ source: '/auth/v1/:path*', destination: '/api/auth/v1/:path*' }]
  },
  async headers() {
    /** @type {typeof import('./lib/client-config')} */
    const { API_URL, CONFIGURED_GOTRUE_URL, IS_PRODUCTION } = await loadTypeScript('./lib/client-config.ts')
    /** @type {typeof import('./lib/security-headers')} */
    const { originOf, securityHeaders } = await loadTypeScript('./lib/security-headers.ts')
    const headers = securityHeaders({ connectOrigins: [...originOf(API_URL), ...originOf(CONFIGURED_GOTRUE_URL)], development: !IS_PRODUCTION })
    return [{ source: '/:path*', headers }]
  },
  // PGlite loads its WASM and extension bundles from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@node-rs/argon2'],
}

module.exports = nextConfig
