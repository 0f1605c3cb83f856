/**
 * What every request to a project's public URL ({site}/p/{ref}/rest/v1 and /auth/v1) passes
 * first, as Supabase's gateway does: the project exists, the `apikey` header (or `?apikey=`) is a
 * key signed with THIS project's secret, its organization is not restricted (402), its database
 * serves (409) and is one the platform manages (409 for a self-hosted DATABASE_URL). A project in
 * read-only mode (its database past its plan's size) has its data API answer reads only: PostgREST
 * opens every write's transaction READ WRITE, which the database's read-only default cannot stop.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Platform } from '../platform-type'
import type { ProjectDbLocation } from '../databases'
import type { ProjectStatus } from '@/lib/api-types'
import { notServingMessage, readOnlyModeMessage, restrictedMessage } from '../sql/not-serving'
import { apiSettingsOf, settingsFromRow, SETTINGS_COLUMNS, type ProjectApiSettings, type SettingsRow } from './settings'
import { apiKeyRole, type ApiKeyRole } from './keys'

/** Self-hosted DATABASE_URL: roles and grants there are its owner's business, not the platform's. */
export const GIVEN_DATABASE = "The data API serves databases the platform manages; this project's database is given as it is (DATABASE_URL)."

export type GatedProject = {
  id: number
  ref: string
  region: string
  organization_id: number
  status: ProjectStatus
  db_location: ProjectDbLocation
  /** Whether read-only mode holds its database (server/projects/read-only-mode.ts). */
  read_only?: boolean
}

export type Gate =
  | { ok: true; project: GatedProject; settings: ProjectApiSettings; keyRole: ApiKeyRole; key: string }
  | { ok: false; status: number; body: Record<string, unknown> }

type Row = GatedProject & { db_location: ProjectDbLocation | null; given: boolean; restriction_status: string | null; quota_note: string | null; read_only: boolean; read_only_note: string | null } & {
  [K in keyof SettingsRow]: SettingsRow[K] | null
}

/**
 * The project, its organization's restriction and its API settings in one prepared round trip:
 * every request to a project's URL asks it first.
 */
const GATE_SQL = `select p.id::int as id, p.ref, p.region, p.organization_id::int as organization_id, p.status, p.db_location,
    coalesce((p.db_location->>'given')::boolean, false) as given, o.restriction_status, o.quota_note, p.read_only_enforced as read_only, p.read_only_note,
    ${SETTINGS_COLUMNS.split(', ').map((c) => `s.${c}`).join(', ')}
  from projects p join organizations o on o.id = p.organization_id left join project_api_settings s on s.project_ref = p.ref
  where p.ref = $1 and p.status <> 'REMOVED'`

/**
 * A key's form: three base64url parts. Checked before the signature: the JWT library's decoder
 * skips whitespace, and a key verified with a control character in it would be sent on in a header.
 */
const JWT_FORM = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

/** What the data API still answers in read-only mode. */
export const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

const refuse = (status: number, message: string, hint?: string): Gate => ({ ok: false, status, body: hint ? { message, hint } : { message } })

/**
 * `keyOptional`: the links of the auth service's mails are opened in a browser, which sends no
 * key; such a request passes as the anon key would.
 */
export async function passGate(platform: Platform, ref: string, req: IncomingMessage, url: URL, { keyOptional = false } = {}): Promise<Gate> {
  const [project] = await platform.db.query<Row>(GATE_SQL, [ref], { prepare: true })
  if (!project) return refuse(404, 'Project not found')
  const key = requestKey(req, url)
  if (!key && !keyOptional) return refuse(401, 'No API key found in request', 'No `apikey` request header or url param was found.')
  if (key && !JWT_FORM.test(key)) return refuse(401, 'Invalid API key', 'Double check your `anon` or `service_role` API key.')
  // Projects older than their settings row get it made on first use.
  const settings = project.jwt_secret ? settingsFromRow(project as SettingsRow) : await apiSettingsOf(platform, project.ref)
  const keyRole = key ? await apiKeyRole(settings.jwtSecret, project.ref, key) : 'anon'
  if (!keyRole) return refuse(401, 'Invalid API key', 'Double check your `anon` or `service_role` API key.')
  if (project.restriction_status === 'restricted') return refuse(402, restrictedMessage(project.quota_note))
  if ((project.status !== 'ACTIVE_HEALTHY' && project.status !== 'ACTIVE_UNHEALTHY') || !project.db_location) return refuse(409, notServingMessage(project.status))
  if (project.given) return refuse(409, GIVEN_DATABASE)
  if (project.read_only && !READS.has(req.method ?? 'GET') && /\/rest\/v1(\/|$)/.test(url.pathname))
    return refuse(409, readOnlyModeMessage(null, project.read_only_note), 'Read with GET; functions that only read can be called with GET too.')
  const gated: GatedProject = { id: project.id, ref: project.ref, region: project.region, organization_id: project.organization_id, status: project.status, db_location: project.db_location, read_only: project.read_only }
  return { ok: true, project: gated, settings, keyRole, key: key ?? '' }
}

/** The request's API key: the `apikey` header, or `?apikey=`. */
export function requestKey(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey
  return (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('apikey') ?? undefined
}

/** Any origin may call a project's URL (apps call it from browsers with the anon key; keys, not cookies, authorize). */
export const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Location, Location, Preference-Applied, X-Request-Id',
}

export function publicAnswer(res: ServerResponse, status: number, body: Record<string, unknown>, requestId: string) {
  if (res.headersSent) return res.destroy()
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}

export function publicPreflight(res: ServerResponse) {
  res.writeHead(204, {
    ...CORS,
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'authorization, apikey, content-type, prefer, range, range-unit, accept, accept-profile, content-profile, x-client-info, x-supabase-api-version',
    'Access-Control-Max-Age': '86400',
  })
  res.end()
}
