// @ts-check
/**
 * Next.js configuration (plain JavaScript: Node loads it as it is). The security headers are not
 * here: proxy.ts sets them at run time, since they name origins the server's configuration chooses.
 */

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` runs tsc beside the build (scripts/test.mjs): the build need not check the same
  // types a second time. Any other build checks them.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === 'true' },
  // The GoTrue-compatible auth lives under /api/auth/v1; @supabase/auth-js in the browser talks to
  // `${origin}/auth/v1`, as it would to a hosted auth server.
  async rewrites() {
    return [
      { source: '/auth/v1/:path*', destination: '/api/auth/v1/:path*' },
      // A project's services, as supabase-js calls them: `${url}/rest/v1`, `${url}/auth/v1`, …
      // (server/gateway/).
      { source: '/p/:ref/:service/v1/:path*', destination: '/api/p/:ref/:service/v1/:path*' },
    ]
  },
  // PostGraphile and graphql are loaded as the tests load them: one copy of graphql (two reject
  // each other's schemas), not bundled.
  serverExternalPackages: [
    'pg',
    '@node-rs/argon2',
    'postgraphile',
    'grafast',
    '@dataplan/pg',
    'graphile-build',
    'graphile-build-pg',
    'graphile-config',
    'pg-sql2',
    'graphql',
    // Storage: sharp loads a native library; the TUS server and its store are loaded as they ship.
    'sharp',
    '@tus/server',
    '@tus/file-store',
  ],
}

module.exports = nextConfig
