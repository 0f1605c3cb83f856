/**
 * The route tables the browser loads (`./*.routes.ts`, generated from `../*.routes.ts` by
 * `node scripts/browser-routes.mjs`). The dashboard's fetch stack needs of a route only its method,
 * its path and whether it sends the session: the schemas that check input and answers are for the
 * platform, and zod is the largest library of the app shell. The type is the declared table's, so
 * that `call` stays typed from the declaration; the fetch stack reads nothing else
 * (data/fetchers.ts, `RouteAddress`).
 */
import type { AnyRoute, HttpMethod, RouteAuth } from '../route'

export type RouteAddress = Pick<AnyRoute, 'method' | 'path' | 'auth'>

export function browserRoutes<T extends Record<string, AnyRoute>>(table: { [K in keyof T]: [HttpMethod, string, RouteAuth] }): T {
  const routes: Record<string, RouteAddress> = {}
  for (const [name, [method, path, auth]] of Object.entries(table) as [string, [HttpMethod, string, RouteAuth]][]) routes[name] = { method, path, auth }
  return routes as unknown as T
}
