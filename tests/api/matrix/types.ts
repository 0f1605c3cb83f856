/** What an example of the route matrix knows: the fixture it runs against, and how to call a route. */
import type { AnyRoute, OrganizationRole } from '@/lib/api-types'
import type { TestPlatform } from '../../helpers/test-platform'

export type Caller = 'anonymous' | 'outsider' | OrganizationRole
export const PASSWORD = 'correct horse battery staple'

export type Fixture = { orgSlug: string; ref: string; failedRef: string; emails: Record<Caller, string> }

export type Example = {
  path: (fx: Fixture) => string
  body?: (fx: Fixture) => unknown
  /** The status callers who may call the route get, when not the route's success (a refusal the example provokes on purpose). */
  status?: number
  /** Run before each call (e.g. put the project in the state the route acts on). */
  before?: (tp: TestPlatform, fx: Fixture) => Promise<void>
}

/** One example per route of a domain's table. */
export type Examples<T extends Record<string, AnyRoute>> = { [K in keyof T]: Example }

let n = 0
/** A number not used before in this run (fresh names and emails). */
export const unique = () => `${Date.now()}-${++n}`
