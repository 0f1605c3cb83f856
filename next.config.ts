import type { NextConfig } from 'next'
import { API_URL, CONFIGURED_GOTRUE_URL, IS_PRODUCTION } from './lib/client-config'
import { originOf, securityHeaders } from './lib/security-headers'

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The GoTrue-compatible auth lives under /api/auth/v1; @supabase/auth-js in the browser talks to
  // `${origin}/auth/v1`, as it would to a hosted auth server.
  async rewrites() {
    return [{ source: '/auth/v1/:path*', destination: '/api/auth/v1/:path*' }]
  },
  async headers() {
    const headers = securityHeaders({ connectOrigins: [...originOf(API_URL), ...originOf(CONFIGURED_GOTRUE_URL)], development: !IS_PRODUCTION })
    return [{ source: '/:path*', headers }]
  },
  // PGlite loads its WASM and extension bundles from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@node-rs/argon2'],
}

export default nextConfig
