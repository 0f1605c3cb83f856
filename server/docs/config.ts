/**
 * The docs backend's settings: where the browser finds a docs backend, how often one client may
 * search, and the embeddings model of the semantic search (any server speaking OpenAI's
 * `/embeddings`, OpenAI's by default; with neither a URL nor a key, similar-spelling search
 * instead). Pure: handed a reader of variables (server/config.ts is the one place that reads the
 * environment); a value that cannot work stops the start, naming its variable.
 */
import type { RateLimit } from '../security/rate-limit-type'

export type DocsEmbeddingsConfig = {
  /** Base URL the `/embeddings` path is appended to (no trailing slash). */
  baseUrl: string
  /** Sent as a bearer token when set (a local model server may need none). */
  apiKey?: string
  model: string
  /** Longest wait for the model, at start (the docs) and per search (the query). */
  timeoutMs: number
}

export type DocsSearchConfig = {
  /** The docs backend the dashboard calls: this server's own by default, or another one. */
  publicUrl: string
  /** Searches per client IP (each source counts once). */
  perIp: RateLimit
  /** Null: the semantic search answers by trigram similarity. */
  embeddings: DocsEmbeddingsConfig | null
}

export const DEFAULT_DOCS_SEARCH_URL = '/api/docs'
export const DEFAULT_DOCS_EMBEDDINGS_URL = 'https://api.openai.com/v1'
export const DEFAULT_DOCS_EMBEDDINGS_MODEL = 'text-embedding-3-small'
const EMBEDDINGS_TIMEOUT_MS = 15_000
/** A person types a query per debounce step; two sources each: room for fast typists, not for scrapers. */
const DEFAULT_PER_IP: RateLimit = { limit: 120, windowSeconds: 60 }

function httpUrl(name: string, raw: string): URL {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    return url
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`)
  }
}

/** A path on this origin (`/api/docs`) or an http(s) URL, without a trailing slash. */
function docsSearchUrl(raw: string | undefined): string {
  if (raw === undefined) return DEFAULT_DOCS_SEARCH_URL
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw.replace(/\/+$/, '') || '/'
  return httpUrl('DOCS_SEARCH_URL', raw).toString().replace(/\/+$/, '')
}

function perIp(raw: string | undefined): RateLimit {
  if (raw === undefined) return DEFAULT_PER_IP
  const limit = Number(raw)
  if (!Number.isInteger(limit) || limit < 0) throw new Error(`RATE_LIMIT_DOCS_SEARCH must be a whole number (0 or more), got "${raw}"`)
  return { ...DEFAULT_PER_IP, limit }
}

export function readDocsSearchConfig(env: (name: string) => string | undefined): DocsSearchConfig {
  const embeddingsUrl = env('DOCS_EMBEDDINGS_BASE_URL')
  const apiKey = env('DOCS_EMBEDDINGS_API_KEY')
  return {
    publicUrl: docsSearchUrl(env('DOCS_SEARCH_URL')),
    perIp: perIp(env('RATE_LIMIT_DOCS_SEARCH')),
    // A key alone means OpenAI's API; a base URL alone a server that needs none (a local one).
    embeddings:
      embeddingsUrl || apiKey
        ? {
            baseUrl: httpUrl('DOCS_EMBEDDINGS_BASE_URL', embeddingsUrl ?? DEFAULT_DOCS_EMBEDDINGS_URL).toString().replace(/\/+$/, ''),
            apiKey,
            model: env('DOCS_EMBEDDINGS_MODEL') ?? DEFAULT_DOCS_EMBEDDINGS_MODEL,
            timeoutMs: EMBEDDINGS_TIMEOUT_MS,
          }
        : null,
  }
}
