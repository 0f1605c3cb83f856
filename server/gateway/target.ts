/**
 * The one parser of a project service's path: `/p/{ref}/{service}/v1{rest}` (without /api), as
 * supabase-js calls `${url}/rest/v1`, `${url}/auth/v1`, `${url}/storage/v1` and the rest.
 */
const PATH = /^\/p\/([a-z0-9][a-z0-9_-]{0,62})\/([a-z][a-z0-9-]{0,30})\/v1(\/[^?]*)?$/

export type ProjectTarget = {
  ref: string
  /** The service's segment: `rest`, `auth`, … */
  service: string
  /** The path below `/{service}/v1`, starting with `/`. */
  rest: string
}

/** The project, the service and the path below it of a request path, or null when it names none. */
export function projectTarget(path: string): ProjectTarget | null {
  const match = PATH.exec(path)
  return match ? { ref: match[1], service: match[2], rest: match[3] || '/' } : null
}
