// @ts-check
/**
 * The paths the platform's own handler answers: what pages/api serves under `next start`
 * (`/api/…`), and what next.config.js rewrites there (the auth service at /auth/v1, a project's
 * data API and auth service at /p/{ref}/rest/v1 and /p/{ref}/auth/v1). scripts/serve.mjs hands
 * these to the platform directly and the rest to Next.
 * @param {string} url the request's path and query, as Node's `req.url` has it
 */
export const isPlatformPath = (url) => /^\/(?:api(?:[/?]|$)|auth\/v1\/|p\/[^/?#]+\/(?:rest|auth)\/v1(?:[/?]|$))/.test(url)
