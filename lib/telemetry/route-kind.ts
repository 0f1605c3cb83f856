/**
 * Telemetry grouping (SPEC §2, §4): project routes carry {ref}, organization routes carry {slug}.
 * Entering one identifies its group; leaving it resets that group.
 */
import type { TelemetryGroups, TelemetryGroupsIdentifyBody, TelemetryGroupsResetBody } from '@/lib/api-types'

export type RouteKind = { kind: 'project'; ref: string } | { kind: 'organization'; slug: string } | { kind: 'other' }

type Query = Record<string, string | string[] | undefined>

const single = (value: string | string[] | undefined) => (typeof value === 'string' && value !== '' ? value : undefined)

/**
 * What kind of route a page is, from its Next route pattern (`/project/[ref]/sql/[id]`) and its
 * query. A route naming both is a project route: the project is the narrower group.
 */
export function routeKind(pattern: string, query: Query): RouteKind {
  const segments = pattern.split('/')
  const ref = single(query.ref)
  if (segments.includes('[ref]') && ref) return { kind: 'project', ref }
  const slug = single(query.slug)
  if (segments.includes('[slug]') && slug) return { kind: 'organization', slug }
  return { kind: 'other' }
}

/** The groups a page of that kind belongs to (what its events carry). */
export function groupsOf(route: RouteKind): TelemetryGroups {
  if (route.kind === 'project') return { project: route.ref }
  if (route.kind === 'organization') return { organization: route.slug }
  return {}
}

export type GroupChange = { identify?: TelemetryGroupsIdentifyBody; reset?: TelemetryGroupsResetBody }

/** What to send when going from the groups of one page to those of the next: nothing when nothing changed. */
export function groupChange(previous: TelemetryGroups, next: TelemetryGroups): GroupChange {
  const change: GroupChange = {}
  const organization = next.organization !== undefined && next.organization !== previous.organization ? next.organization : undefined
  const project = next.project !== undefined && next.project !== previous.project ? next.project : undefined
  if (organization !== undefined || project !== undefined)
    change.identify = { ...(organization !== undefined && { organization_slug: organization }), ...(project !== undefined && { project_ref: project }) }
  const resetOrganization = previous.organization !== undefined && next.organization === undefined
  const resetProject = previous.project !== undefined && next.project === undefined
  if (resetOrganization || resetProject) change.reset = { reset_organization: resetOrganization, reset_project: resetProject }
  return change
}
