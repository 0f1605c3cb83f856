/**
 * A small route table: `GET /platform/projects/:ref` style patterns matched against the path
 * below /api. One table serves Next (pages/api/[[...path]].ts) and the plain node server used by
 * tests, so both run exactly the same code.
 */
import type { Handler } from './types'

type Route = { method: string; pattern: string; segments: string[]; handler: Handler }

export class Router {
  private routes: Route[] = []

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, pattern, segments: split(pattern), handler })
    return this
  }
  get = (p: string, h: Handler) => this.add('GET', p, h)
  post = (p: string, h: Handler) => this.add('POST', p, h)

  /** Finds the handler; `methodNotAllowed` when the path exists with another method. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | 'methodNotAllowed' | null {
    const parts = split(path)
    let pathMatched = false
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts)
      if (!params) continue
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { handler: route.handler, params }
      pathMatched = true
    }
    return pathMatched ? 'methodNotAllowed' : null
  }

  list(): Array<{ method: string; pattern: string }> {
    return this.routes.map(({ method, pattern }) => ({ method, pattern }))
  }
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean)
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i]
    if (seg.startsWith(':')) {
      try {
        params[seg.slice(1)] = decodeURIComponent(parts[i])
      } catch {
        return null
      }
    } else if (seg !== parts[i]) return null
  }
  return params
}
