/**
 * A project's own users on a mocked platform: an in-memory auth service answering the routes of
 * lib/api-types/project-auth.routes.ts (paging, keywords, create, invite, ban, delete, recovery,
 * settings), refusing by the roles policy as the platform does. The component tests drive it, and
 * the browser scenarios below use it for states that are hard to reach on a real project.
 */
import { http, HttpResponse, type RequestHandler } from 'msw'
import {
  BAN_DURATION,
  createProjectUserBody,
  projectAuthConfigPatch,
  projectAuthEmailBody,
  projectUsersQuery,
  roleCan,
  updateProjectUserBody,
  type Action,
  type OrganizationRole,
  type ProjectAuthConfig,
  type ProjectUser,
} from '@/lib/api-types'

export const DEFAULT_AUTH_CONFIG: ProjectAuthConfig = {
  disable_signup: false,
  external_email_enabled: true,
  external_phone_enabled: false,
  mailer_autoconfirm: false,
  sms_autoconfirm: false,
  site_url: 'http://localhost:3000',
  uri_allow_list: [],
  jwt_exp: 3600,
  password_min_length: 6,
}

const CREATED = Date.parse('2026-11-01T09:00:00Z')

/** The n-th made-up user (n from 1): newer with every n, so the list's newest-first order is n descending. */
export function mockUser(n: number, extra: Partial<ProjectUser> = {}): ProjectUser {
  const at = new Date(CREATED + n * 60_000).toISOString()
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `user${n}@example.com`,
    phone: null,
    created_at: at,
    last_sign_in_at: null,
    email_confirmed_at: at,
    invited_at: null,
    banned_until: null,
    is_anonymous: false,
    providers: ['email'],
    ...extra,
  }
}

export type MockAuthState = {
  users: ProjectUser[]
  config: ProjectAuthConfig
  /** The role the signed-in member has, for the platform's refusals. */
  role: OrganizationRole
  /** The next n user-list reads fail with `listFailure`. */
  listFailures: number
  listFailure: { status: number; message: string }
  /** What was asked, for tests to check. */
  log: { lists: URLSearchParams[]; patches: unknown[]; recoveries: string[]; bans: { id: string; ban_duration: string }[]; deletes: string[] }
}

export function mockAuthState(extra: Partial<Omit<MockAuthState, 'log'>> = {}): MockAuthState {
  return {
    users: [],
    config: structuredClone(DEFAULT_AUTH_CONFIG),
    role: 'Owner',
    listFailures: 0,
    listFailure: { status: 500, message: 'The project’s database did not answer.' },
    ...extra,
    log: { lists: [], patches: [], recoveries: [], bans: [], deletes: [] },
  }
}

const error = (status: number, message: string) => HttpResponse.json({ code: status, message, requestId: 'mock' }, { status })
const refuse = (state: MockAuthState, action: Action) => (roleCan(state.role, action) ? null : error(403, 'Your role cannot do this in this project.'))
const newest = (a: ProjectUser, b: ProjectUser) => b.created_at.localeCompare(a.created_at)
const DURATION_PART = { h: 3_600_000, m: 60_000, s: 1000 } as const

function banEnd(duration: string): string | null {
  if (duration === 'none') return null
  let ms = 0
  for (const [, amount, unit] of duration.matchAll(/(\d+)([hms])/g)) ms += Number(amount) * DURATION_PART[unit as keyof typeof DURATION_PART]
  return new Date(Date.now() + ms).toISOString()
}

/** The auth routes of every project, answered from `state`. */
export function projectAuthHandlers(state: MockAuthState): RequestHandler[] {
  const base = '*/api/platform/auth/:ref'
  return [
    http.get(`${base}/config`, () => HttpResponse.json(state.config)),
    http.patch(`${base}/config`, async ({ request }) => {
      const refused = refuse(state, 'auth:config:update')
      if (refused) return refused
      const body = projectAuthConfigPatch.safeParse(await request.json())
      if (!body.success) return error(400, body.error.issues[0]?.message ?? 'Bad settings')
      state.log.patches.push(body.data)
      state.config = { ...state.config, ...body.data }
      return HttpResponse.json(state.config)
    }),
    http.get(`${base}/users`, ({ request }) => {
      const refused = refuse(state, 'auth:users:read')
      if (refused) return refused
      const params = new URL(request.url).searchParams
      state.log.lists.push(params)
      if (state.listFailures > 0) {
        state.listFailures--
        return error(state.listFailure.status, state.listFailure.message)
      }
      const { page, per_page, keywords } = projectUsersQuery.parse(Object.fromEntries(params))
      const needle = keywords?.toLowerCase()
      // As the platform: part of the email or phone, or the whole id.
      const matching = state.users.filter((u) => !needle || [u.email, u.phone].some((v) => v?.toLowerCase().includes(needle)) || u.id === needle).sort(newest)
      return HttpResponse.json({ users: matching.slice((page - 1) * per_page, page * per_page), total: matching.length })
    }),
    http.post(`${base}/users`, async ({ request }) => {
      const refused = refuse(state, 'auth:users:write')
      if (refused) return refused
      const body = createProjectUserBody.safeParse(await request.json())
      if (!body.success) return error(400, body.error.issues[0]?.message ?? 'Bad user')
      if (state.users.some((u) => u.email === body.data.email)) return error(422, 'A user with this email address already exists in this project.')
      const user = mockUser(state.users.length + 1000, { email: body.data.email, created_at: new Date().toISOString(), email_confirmed_at: body.data.email_confirm ? new Date().toISOString() : null })
      state.users.push(user)
      return HttpResponse.json(user, { status: 201 })
    }),
    http.post(`${base}/invite`, async ({ request }) => {
      const refused = refuse(state, 'auth:users:write')
      if (refused) return refused
      const body = projectAuthEmailBody.safeParse(await request.json())
      if (!body.success) return error(400, body.error.issues[0]?.message ?? 'Bad email')
      if (state.users.some((u) => u.email === body.data.email)) return error(422, 'A user with this email address already exists in this project.')
      const now = new Date().toISOString()
      const user = mockUser(state.users.length + 1000, { email: body.data.email, created_at: now, email_confirmed_at: null, invited_at: now })
      state.users.push(user)
      return HttpResponse.json(user, { status: 201 })
    }),
    http.post(`${base}/recover`, async ({ request }) => {
      const refused = refuse(state, 'auth:users:write')
      if (refused) return refused
      const body = projectAuthEmailBody.parse(await request.json())
      state.log.recoveries.push(body.email)
      return new HttpResponse(null, { status: 204 })
    }),
    http.patch(`${base}/users/:id`, async ({ request, params }) => {
      const refused = refuse(state, 'auth:users:write')
      if (refused) return refused
      const body = updateProjectUserBody.safeParse(await request.json())
      if (!body.success || !BAN_DURATION.test(body.data.ban_duration)) return error(400, 'A ban is a duration such as 24h or 30m, or none')
      const user = state.users.find((u) => u.id === params.id)
      if (!user) return error(404, 'No such user')
      state.log.bans.push({ id: user.id, ban_duration: body.data.ban_duration })
      user.banned_until = banEnd(body.data.ban_duration)
      return HttpResponse.json(user)
    }),
    http.delete(`${base}/users/:id`, ({ params }) => {
      const refused = refuse(state, 'auth:users:write')
      if (refused) return refused
      if (!state.users.some((u) => u.id === params.id)) return error(404, 'No such user')
      state.log.deletes.push(String(params.id))
      state.users = state.users.filter((u) => u.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
  ]
}

/** A mix a person would meet: confirmed, unconfirmed, invited, banned, phone-only. */
export function manyUsers(count: number): ProjectUser[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1
    if (n % 11 === 0) return mockUser(n, { banned_until: '2126-01-01T00:00:00Z' })
    if (n % 7 === 0) return mockUser(n, { email_confirmed_at: null, invited_at: new Date(CREATED + n * 60_000).toISOString() })
    if (n % 5 === 0) return mockUser(n, { email_confirmed_at: null })
    if (n % 13 === 0) return mockUser(n, { email: null, email_confirmed_at: null, phone: `+1555${String(n).padStart(7, '0')}`, providers: ['phone'] })
    return mockUser(n, { last_sign_in_at: n % 2 ? new Date(CREATED + n * 120_000).toISOString() : null })
  })
}

/** Browser scenarios (mocks/handlers.ts): Authentication → Users empty, with many pages, failing. */
export const projectAuthScenarios: Record<string, RequestHandler[]> = {
  'auth-users-empty': projectAuthHandlers(mockAuthState()),
  'auth-users-many': projectAuthHandlers(mockAuthState({ users: manyUsers(137) })),
  'auth-users-500': projectAuthHandlers(mockAuthState({ listFailures: Number.MAX_SAFE_INTEGER })),
}
