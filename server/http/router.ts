/**
 * Matches a method and a path below the API base against the route table. One table serves Next
 * (pages/api/[[...path]].ts) and the plain node server used by tests, so both run the same code.
 */
import type { AnyRoute } from '@/lib/api-types'

type Entry<H> = { route: AnyRoute; segments: string[]; handler: H }

export type Match<H> =
  | { kind: 'found'; route: AnyRoute; handler: H; params: Record<string, string> }
  | { kind: 'methodNotAllowed'; allowed: string[] }
  | { kind: 'notFound' }
  /** A path segment with a broken %-escape. */
  | { kind: 'badPath' }

export class Router<H> {
  private entries: Entry<H>[] = []

  add(route: AnyRoute, handler: H): this {
    this.entries.push({ route, segments: split(route.path), handler })
    return this
  }

  match(method: string, path: string): Match<H> {
    const parts = split(path)
    const allowed: string[] = []
    for (const entry of this.entries) {
      const params = matchSegments(entry.segments, parts)
      if (params === 'badPath') return { kind: 'badPath' }
      if (!params) continue
      if (entry.route.method === method || (method === 'HEAD' && entry.route.method === 'GET')) return { kind: 'found', route: entry.route, handler: entry.handler, params }
      allowed.push(entry.route.method)
    }
    return allowed.length ? { kind: 'methodNotAllowed', allowed } : { kind: 'notFound' }
  }

  routes(): AnyRoute[] {
    return this.entries.map((e) => e.route)
  }
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean)
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null | 'badPath' {
  if (pattern.length !== parts.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i]
    if (seg.startsWith(':')) {
      try {
        params[seg.slice(1)] = decodeURIComponent(parts[i])
      } catch {
        return 'badPath'
      }
    } else if (seg !== parts[i]) return null
  }
  return params
}
