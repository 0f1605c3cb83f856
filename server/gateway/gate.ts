/**
 * What every request to a project's service ({site}/p/{ref}/{service}/v1) passes first, as
 * Supabase's gateway does: the project exists, the `apikey` header (or `?apikey=`) is a key signed
 * with THIS project's secret, its organization is not restricted (402), its database serves (409)
 * and is one the platform manages (409 for a self-hosted DATABASE_URL). In read-only mode (its
 * database past its plan's size) each service says which of its requests are refused here: the
 * data API's writes, since PostgREST opens every write's transaction READ WRITE, which the
 * database's read-only default cannot stop.
 */
import type { IncomingMessage } from 'node:http'
import type { Platform } from '../kernel/platform'
import type { ProjectDbLocation } from '../databases'
import { notServingMessage, readOnlyModeMessage, restrictedMessage } from '../sql/not-serving'
import { apiSettingsOf, settingsFromRow, SETTINGS_COLUMNS, type SettingsRow } from '../data-api/settings'
import { apiKeyRole } from '../data-api/keys'
import type { GatedProject, PassedGate, ProjectService } from './types'

/** Self-hosted DATABASE_URL: roles and grants there are its owner's business, not the platform's. */
export const GIVEN_DATABASE = "The data API serves databases the platform manages; this project's database is given as it is (DATABASE_URL)."

export type Gate = ({ ok: true } & PassedGate) | { ok: false; status: number; body: Record<string, unknown> }

type Row = GatedProject & { db_location: ProjectDbLocation | null; given: boolean; restriction_status: string | null; quota_note: string | null; read_only: boolean; read_only_note: string | null } & {
  [K in keyof SettingsRow]: SettingsRow[K] | null
}

/**
 * The project, its organization's restriction and its API settings in one prepared round trip:
 * every request to a project's URL asks it first.
 */
const GATE_SQL = `select p.id::int as id, p.ref, p.region, p.organization_id::int as organization_id, p.status, p.db_location,
    coalesce((p.db_location->>'given')::boolean, false) as given, o.plan, o.restriction_status, o.quota_note, p.read_only_enforced as read_only, p.read_only_note,
    ${SETTINGS_COLUMNS.split(', ').map((c) => `s.${c}`).join(', ')}, ss.file_size_limit::float8 as storage_file_size_limit
  from projects p join organizations o on o.id = p.organization_id left join project_api_settings s on s.project_ref = p.ref
    left join project_storage_settings ss on ss.project_ref = p.ref
  where p.ref = $1 and p.status <> 'REMOVED'`

/**
 * A key's form: three base64url parts. Checked before the signature: the JWT library's decoder
 * skips whitespace, and a key verified with a control character in it would be sent on in a header.
 */
const JWT_FORM = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

const refuse = (status: number, message: string, hint?: string): Gate => ({ ok: false, status, body: hint ? { message, hint } : { message } })

/** The gate for one request to `service`: `rest` is the path below its `/v1`. */
export async function passGate(platform: Platform, service: ProjectService, ref: string, rest: string, req: IncomingMessage, url: URL): Promise<Gate> {
  const method = req.method ?? 'GET'
  const [project] = await platform.db.query<Row>(GATE_SQL, [ref], { prepare: true })
  if (!project) return refuse(404, 'Project not found')
  const key = requestKey(req, url)
  if (!key && !service.keyOptional?.(method, rest)) return refuse(401, 'No API key found in request', 'No `apikey` request header or url param was found.')
  if (key && !JWT_FORM.test(key)) return refuse(401, 'Invalid API key', 'Double check your `anon` or `service_role` API key.')
  // Projects older than their settings row get it made on first use.
  const settings = project.jwt_secret ? settingsFromRow(project as SettingsRow) : await apiSettingsOf(platform, project.ref)
  const keyRole = key ? await apiKeyRole(settings.jwtSecret, project.ref, key) : 'anon'
  if (!keyRole) return refuse(401, 'Invalid API key', 'Double check your `anon` or `service_role` API key.')
  if (project.restriction_status === 'restricted') return refuse(402, restrictedMessage(project.quota_note))
  if ((project.status !== 'ACTIVE_HEALTHY' && project.status !== 'ACTIVE_UNHEALTHY') || !project.db_location) return refuse(409, notServingMessage(project.status))
  if (project.given) return refuse(409, GIVEN_DATABASE)
  const readOnlyHint = project.read_only ? service.refusedWhileReadOnly?.(method, rest) : null
  if (readOnlyHint) return refuse(409, readOnlyModeMessage(null, project.read_only_note), readOnlyHint)
  const gated: GatedProject = {
    id: project.id,
    ref: project.ref,
    region: project.region,
    organization_id: project.organization_id,
    status: project.status,
    db_location: project.db_location,
    read_only: project.read_only,
    plan: project.plan,
    storage_file_size_limit: project.storage_file_size_limit ?? null,
  }
  return { ok: true, project: gated, settings, keyRole, key: key ?? '' }
}

/** The request's API key: the `apikey` header, or `?apikey=`. */
export function requestKey(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey
  return (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('apikey') ?? undefined
}
