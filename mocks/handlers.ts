/**
 * A mocked platform for states that are hard to reach on the real one. The scenario is picked
 * per browser with localStorage `supaboard-mock-scenario`; requests no scenario answers go on to
 * the real server.
 */
import { bypass, http, HttpResponse, type RequestHandler } from 'msw'
import { roleCan, type Action } from '@/lib/api-types'
import { projectAuthScenarios } from './project-auth'
import { projectStatusScenarios } from './project-statuses'
import { computeScenarios } from './compute'

export const MOCK_SCENARIO_KEY = 'supaboard-mock-scenario'

const scenarios: Record<string, RequestHandler[]> = {
  /** The profile load answers 401: the dashboard signs out and lands on /sign-in. */
  'profile-401': [
    http.get('*/api/platform/profile', () =>
      HttpResponse.json({ code: 401, message: 'Your session has expired or is invalid. Please sign in again.' }, { status: 401 })
    ),
    http.post('*/auth/v1/logout', () => new HttpResponse(null, { status: 204 })),
  ],
  /**
   * The real permissions, cut to what the roles policy gives a Read-only member: reading, and
   * running SQL without sql:write (the editor says 'Read-only').
   */
  'read-only': [
    http.get('*/api/platform/profile/permissions', async ({ request }) => {
      const real = (await (await fetch(bypass(request))).json()) as { actions: Action[] }[]
      return HttpResponse.json(real.map((p) => ({ ...p, actions: p.actions.filter((a) => roleCan('Read-only', a)) })))
    }),
  ],
  /** The project list fails with a server error after every retry. */
  'projects-500': [
    http.get('*/api/platform/projects', () => HttpResponse.json({ code: 500, message: 'The platform is having a bad day.' }, { status: 500 })),
  ],
  ...projectAuthScenarios,
  ...projectStatusScenarios,
  ...computeScenarios,
}

export function handlersFor(scenario: string | null): RequestHandler[] {
  return (scenario && scenarios[scenario]) || []
}
