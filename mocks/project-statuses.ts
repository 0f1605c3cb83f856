/**
 * One scenario per project status of SPEC §4 (`status-<STATUS>`, e.g. `status-UPGRADING`): the
 * real project list and project detail, every project in that status, with the sentence the
 * platform would give where it gives one. The mocked persona walks them (e2e/mocked.spec.ts) to
 * see each status screen and badge without waiting for the real state.
 */
import { bypass, http, HttpResponse, type RequestHandler } from 'msw'
import { PROJECT_STATUSES, type ProjectStatus } from '@/lib/api-types'

/** The platform's own words for the statuses that come with one (server/projects/*.ts). */
const MESSAGES: Partial<Record<ProjectStatus, string>> = {
  ACTIVE_UNHEALTHY: 'The database has not answered since 2026-11-26T16:40:00.000Z. It is checked again regularly and the project recovers by itself when it answers.',
  UNKNOWN:
    'The database did not answer its health check within 5 seconds, so its health cannot be read. It is checked again regularly and the project recovers by itself when it answers.',
  INIT_FAILED: 'Setting up the database failed after 5 attempts.',
  PAUSE_FAILED: 'Pausing failed at 2026-11-26T16:40:00.000Z: the database could not be closed. Pause again, or restore the project.',
  RESTORE_FAILED: 'Restoring failed at 2026-11-26T16:40:00.000Z: the database did not come back. Try restoring again, or contact support with the project reference.',
}

const withStatus = <T extends { status: ProjectStatus; status_message?: string | null }>(project: T, status: ProjectStatus): T =>
  'status_message' in project ? { ...project, status, status_message: MESSAGES[status] ?? null } : { ...project, status }

function statusScenario(status: ProjectStatus): RequestHandler[] {
  return [
    http.get('*/api/platform/projects', async ({ request }) => {
      const real = (await (await fetch(bypass(request))).json()) as { status: ProjectStatus }[]
      return HttpResponse.json(real.map((p) => withStatus(p, status)))
    }),
    http.get('*/api/platform/projects/:ref', async ({ request }) => {
      const real = await fetch(bypass(request))
      if (!real.ok) return real
      return HttpResponse.json(withStatus((await real.json()) as { status: ProjectStatus; status_message: string | null }, status))
    }),
  ]
}

export const projectStatusScenarios: Record<string, RequestHandler[]> = Object.fromEntries(
  PROJECT_STATUSES.map((status) => [`status-${status}`, statusScenario(status)])
)
