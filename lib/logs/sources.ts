/**
 * The log sources of SPEC §3 and their fields by dotted path and type. Eight are fed by what this
 * platform records (docs/logs.md); the others belong to services this platform does not run, and
 * are listed so that a project's log page has the same shape everywhere, always empty.
 */
export const LOG_SOURCE_NAMES = [
  'edge_logs',
  'auth_logs',
  'postgres_logs',
  'storage_logs',
  'function_edge_logs',
  'function_logs',
  'realtime_logs',
  'postgrest_logs',
  'supavisor_logs',
] as const
export type LogSourceName = (typeof LOG_SOURCE_NAMES)[number]

/** The sources with rows: what the platform records. */
export const RECORDED_SOURCES = ['edge_logs', 'auth_logs', 'postgres_logs', 'postgrest_logs', 'storage_logs', 'realtime_logs', 'function_edge_logs', 'function_logs'] as const satisfies readonly LogSourceName[]
export type RecordedSource = (typeof RECORDED_SOURCES)[number]

export const isRecordedSource = (source: LogSourceName): source is RecordedSource => (RECORDED_SOURCES as readonly string[]).includes(source)

export type LogFieldType = 'string' | 'number' | 'boolean' | 'datetime' | 'number[]'
export type LogField = { path: string; type: LogFieldType }

export type LogSource = {
  name: LogSourceName
  label: string
  description: string
  /** False: this platform does not run the service; the source is always empty. */
  recorded: boolean
  fields: LogField[]
}

const COMMON: LogField[] = [
  { path: 'id', type: 'string' },
  { path: 'timestamp', type: 'datetime' },
  { path: 'level', type: 'string' },
  { path: 'event_message', type: 'string' },
]

const fields = (...extra: [string, LogFieldType][]): LogField[] => [...COMMON, ...extra.map(([path, type]) => ({ path, type }))]

/** A request to a project's service at its public URL ({site}/p/{ref}/…), as the gateway records it. */
const PUBLIC_REQUEST_FIELDS: LogField[] = fields(
  ['metadata.request.method', 'string'],
  ['metadata.request.path', 'string'],
  ['metadata.request.id', 'string'],
  ['metadata.request.user_agent', 'string'],
  ['metadata.request.client_ip', 'string'],
  ['metadata.response.status_code', 'number'],
  ['metadata.response.duration_ms', 'number'],
  ['metadata.response.bytes', 'number'],
  ['metadata.key_role', 'string']
)

export const LOG_SOURCES: readonly LogSource[] = [
  {
    name: 'edge_logs',
    label: 'API requests',
    description: "Requests to the platform's API that concern this project.",
    recorded: true,
    fields: fields(
      ['metadata.request.method', 'string'],
      ['metadata.request.path', 'string'],
      ['metadata.request.id', 'string'],
      ['metadata.request.user_agent', 'string'],
      ['metadata.request.client_ip', 'string'],
      ['metadata.response.status_code', 'number'],
      ['metadata.response.duration_ms', 'number'],
      ['metadata.user_id', 'string']
    ),
  },
  {
    name: 'auth_logs',
    label: 'Auth',
    description: "Sign-ins, failed sign-ins, sign-outs, password changes and MFA of the organization's members.",
    recorded: true,
    fields: fields(
      ['metadata.action', 'string'],
      ['metadata.method', 'string'],
      ['metadata.user_id', 'string'],
      ['metadata.email', 'string'],
      ['metadata.scope', 'string']
    ),
  },
  {
    name: 'postgres_logs',
    label: 'Postgres',
    description: 'SQL errors and slow statements in the project database.',
    recorded: true,
    fields: fields(
      ['metadata.error_severity', 'string'],
      ['metadata.sql_state_code', 'string'],
      ['metadata.position', 'number'],
      ['metadata.detail', 'string'],
      ['metadata.hint', 'string'],
      ['metadata.query', 'string'],
      ['metadata.duration_ms', 'number'],
      ['metadata.origin', 'string'],
      ['metadata.user_id', 'string'],
      // True when the SQL, its author and message are hidden from the reader's role (docs/logs.md).
      ['metadata.statement_hidden', 'boolean']
    ),
  },
  {
    name: 'postgrest_logs',
    label: 'PostgREST',
    description: "Requests to the project's data API ({site}/p/{ref}/rest/v1) made with one of its keys.",
    recorded: true,
    fields: PUBLIC_REQUEST_FIELDS,
  },
  {
    name: 'storage_logs',
    label: 'Storage',
    description: "Requests to the project's storage ({site}/p/{ref}/storage/v1): uploads, downloads, lists, signed URLs.",
    recorded: true,
    fields: PUBLIC_REQUEST_FIELDS,
  },
  {
    name: 'realtime_logs',
    label: 'Realtime',
    description: "The project's realtime sockets ({site}/p/{ref}/realtime/v1): connections, channel joins and leaves, refusals, and REST broadcasts. Never a token or a payload.",
    recorded: true,
    fields: [
      ...PUBLIC_REQUEST_FIELDS,
      ...fields(['metadata.event', 'string'], ['metadata.channel', 'string'], ['metadata.role', 'string'], ['metadata.reason', 'string']).slice(COMMON.length),
    ],
  },
  {
    name: 'function_edge_logs',
    label: 'Edge function invocations',
    description: "Requests to the project's edge functions ({site}/p/{ref}/functions/v1/{name}): status, duration, method, path and the version that answered.",
    recorded: true,
    fields: [...PUBLIC_REQUEST_FIELDS, ...fields(['metadata.function_id', 'number'], ['metadata.function_slug', 'string'], ['metadata.version', 'number']).slice(COMMON.length)],
  },
  {
    name: 'function_logs',
    label: 'Edge function logs',
    description: "What the project's edge functions print (console.log as info; console.error and uncaught errors as error).",
    recorded: true,
    fields: fields(['metadata.function_slug', 'string'], ['metadata.version', 'number']),
  },
  notRun('supavisor_logs', 'Pooler', 'The connection pooler.'),
]

function notRun(name: LogSourceName, label: string, description: string): LogSource {
  return { name, label, description, recorded: false, fields: [...COMMON] }
}

export const NOT_RUN_NOTE = 'This platform does not run this service, so this source has no events.'

export function logSource(name: LogSourceName): LogSource {
  return LOG_SOURCES.find((s) => s.name === name)!
}
