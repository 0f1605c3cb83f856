// @ts-check
/**
 * The paths the platform's own handler answers: what pages/api serves under `next start`
 * (`/api/…`), and what next.config.js rewrites there (the auth service at /auth/v1, a project's
 * services at /p/{ref}/{service}/v1, server/gateway/). scripts/serve.mjs hands
 * these to the platform directly and the rest to Next.
 * @param {string} url the request's path and query, as Node's `req.url` has it
 */
export const isPlatformPath = (url) => /^\/(?:api(?:[/?]|$)|auth\/v1\/|p\/[^/?#]+\/[a-z][a-z0-9-]*\/v1(?:[/?]|$))/.test(url)
