/**
 * Telemetry the dashboard sends once the visitor consented (SPEC §3 "Telemetry page payload",
 * §7), what a user may read back and delete of it, and client error reports. docs/telemetry.md
 * says in words what is recorded and for how long.
 *
 * Every text has a length limit: the browser cuts long values before sending (lib/telemetry), so
 * only a client that is not the dashboard meets these 400s.
 */
import { z } from 'zod'
import { identifier, textField, timestamp } from './zod-helpers'
import { uuidField } from './content'
import {
  TELEMETRY_URL_MAX,
  TELEMETRY_TITLE_MAX,
  TELEMETRY_PATHNAME_MAX,
  TELEMETRY_USER_AGENT_MAX,
  TELEMETRY_LANGUAGE_MAX,
  TELEMETRY_ACTION_MAX,
  TELEMETRY_FLAG_NAME_MAX,
  TELEMETRY_FLAG_VALUE_MAX,
  TELEMETRY_FLAGS_MAX,
  TELEMETRY_PROPERTIES_MAX_BYTES,
  TELEMETRY_VIEWPORT_MAX,
  TELEMETRY_PAGE_DEFAULT,
  TELEMETRY_PAGE_LIMIT_MAX,
  ERROR_REPORT_TAG_MAX,
  ERROR_REPORT_MESSAGE_MAX,
  ERROR_REPORT_STACK_MAX,
  ERROR_REPORT_REQUEST_ID_MAX,
} from './telemetry-limits'

export * from './telemetry-limits'

/** What a row of telemetry records: the sign-up conversion recorded by the platform is an `event`. */
export const TELEMETRY_KINDS = ['page', 'event', 'identify', 'groups', 'feature_flag'] as const
export type TelemetryKind = (typeof TELEMETRY_KINDS)[number]

/** Half of a surrogate pair alone: JavaScript strings can hold it, Postgres's JSON cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const isWellFormed = (text: string) => !LONE_SURROGATE.test(text)

/** Every string and key of a JSON value well formed (walked without recursion). */
function isWellFormedJson(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (!isWellFormed(item)) return false
    } else if (Array.isArray(item)) stack.push(...item)
    else if (item && typeof item === 'object')
      for (const [key, child] of Object.entries(item)) {
        if (!isWellFormed(key)) return false
        stack.push(child)
      }
  }
  return true
}

const boundedText = (label: string, max: number) =>
  textField(label)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isWellFormed, `${label} is not valid Unicode text`)

const httpUrl = (label: string) =>
  boundedText(label, TELEMETRY_URL_MAX).refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  }, `${label} must be an http(s) URL`)

const pathname = boundedText('pathname', TELEMETRY_PATHNAME_MAX).regex(/^\//, 'pathname must start with /')

const viewport = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must not be negative`)
    .max(TELEMETRY_VIEWPORT_MAX, `${label} is too large`)

/** Names of actions and flags: what code names them, never free text. */
const NAME = /^[A-Za-z0-9_.:-]+$/
const eventName = (label: string, max: number) =>
  boundedText(label, max).min(1, `${label} is required`).regex(NAME, `${label} may hold only letters, digits and _ . : -`)

/** The browser the page was seen in (SPEC §3 `ph`): every field optional, a website's cookie may carry fewer. */
export const telemetryPh = z.object(
  {
    referrer: z.union([z.literal(''), httpUrl('ph.referrer')]).optional(),
    language: boundedText('ph.language', TELEMETRY_LANGUAGE_MAX).optional(),
    user_agent: boundedText('ph.user_agent', TELEMETRY_USER_AGENT_MAX).optional(),
    search: boundedText('ph.search', TELEMETRY_URL_MAX).optional(),
    viewport_height: viewport('ph.viewport_height').optional(),
    viewport_width: viewport('ph.viewport_width').optional(),
  },
  { error: 'ph must be an object' }
)
export type TelemetryPh = z.infer<typeof telemetryPh>

export const featureFlagValue = z.union([z.boolean(), z.number(), boundedText('feature flag value', TELEMETRY_FLAG_VALUE_MAX), z.null()], {
  error: 'a feature flag value must be true, false, a number, text or null',
})
export type FeatureFlagValue = z.infer<typeof featureFlagValue>

const featureFlags = z
  .record(eventName('feature flag name', TELEMETRY_FLAG_NAME_MAX), featureFlagValue, { error: 'feature_flags must be an object of flag values' })
  .refine((flags) => Object.keys(flags).length <= TELEMETRY_FLAGS_MAX, `feature_flags may hold at most ${TELEMETRY_FLAGS_MAX} flags`)

/** The page part of a payload: where the visitor is. */
const pageInfo = {
  page_url: httpUrl('page_url'),
  page_title: boundedText('page_title', TELEMETRY_TITLE_MAX),
  pathname,
}

/**
 * SPEC §3's telemetry page payload: what the dashboard sends for a page, and what the product's
 * website leaves in the `telemetry-data` cookie for the dashboard to send once consent is given.
 */
export const telemetryPagePayload = z.object({ ...pageInfo, ph: telemetryPh, feature_flags: featureFlags.default({}) })
export type TelemetryPagePayload = z.input<typeof telemetryPagePayload>

/** The random id the browser keeps for its telemetry (lib/telemetry/anonymous-id.ts). */
const anonymousId = uuidField('anonymous_id')

export const telemetryPageBody = telemetryPagePayload.extend({
  anonymous_id: anonymousId,
  /** Sent as the page is left (before unload), rather than on arrival. */
  leave: z.boolean({ error: 'leave must be true or false' }).optional(),
})
export type TelemetryPageBody = z.input<typeof telemetryPageBody>

/** The organization and project the event happened in (SPEC §2 route kinds). */
export const telemetryGroups = z.object(
  { organization: identifier('groups.organization').optional(), project: identifier('groups.project').optional() },
  { error: 'groups must be an object' }
)
export type TelemetryGroups = z.infer<typeof telemetryGroups>

const customProperties = z
  .record(z.string().max(TELEMETRY_FLAG_NAME_MAX, `property names must be at most ${TELEMETRY_FLAG_NAME_MAX} characters`), z.json(), {
    error: 'custom_properties must be an object',
  })
  .refine(isWellFormedJson, 'custom_properties is not valid Unicode text')
  .refine(
    (properties) => new TextEncoder().encode(JSON.stringify(properties)).length <= TELEMETRY_PROPERTIES_MAX_BYTES,
    `custom_properties must be at most ${TELEMETRY_PROPERTIES_MAX_BYTES / 1024} KB as JSON`
  )

export const telemetryEventBody = z.object({
  action: eventName('action', TELEMETRY_ACTION_MAX),
  custom_properties: customProperties.default({}),
  ...pageInfo,
  ph: telemetryPh.optional(),
  groups: telemetryGroups.default({}),
  anonymous_id: anonymousId,
})
export type TelemetryEventBody = z.input<typeof telemetryEventBody>

export const telemetryIdentifyBody = z.object({
  /** Must be the caller's own id: nobody identifies as someone else. */
  user_id: uuidField('user_id'),
  /** The browser's anonymous id: its page views and events are the caller's from now on, until a reset. */
  anonymous_id: anonymousId.optional(),
})
export type TelemetryIdentifyBody = z.input<typeof telemetryIdentifyBody>

export const telemetryGroupsIdentifyBody = z
  .object({
    organization_slug: identifier('organization_slug').optional(),
    project_ref: identifier('project_ref').optional(),
  })
  .refine((b) => b.organization_slug !== undefined || b.project_ref !== undefined, 'Name an organization_slug, a project_ref or both')
export type TelemetryGroupsIdentifyBody = z.input<typeof telemetryGroupsIdentifyBody>

export const telemetryGroupsResetBody = z
  .object({
    reset_organization: z.boolean({ error: 'reset_organization must be true or false' }).default(false),
    reset_project: z.boolean({ error: 'reset_project must be true or false' }).default(false),
  })
  .refine((b) => b.reset_organization || b.reset_project, 'Set reset_organization, reset_project or both to true')
export type TelemetryGroupsResetBody = z.input<typeof telemetryGroupsResetBody>

export const telemetryFeatureFlagBody = z.object({
  feature_flag_name: eventName('feature_flag_name', TELEMETRY_FLAG_NAME_MAX),
  feature_flag_value: featureFlagValue,
})
export type TelemetryFeatureFlagBody = z.input<typeof telemetryFeatureFlagBody>

const pageLimit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(TELEMETRY_PAGE_LIMIT_MAX, `limit must be at most ${TELEMETRY_PAGE_LIMIT_MAX}`)
  .default(TELEMETRY_PAGE_DEFAULT)

/** Pages go back in time: the cursor is the id of the last row of the previous page. */
const cursor = textField('cursor').regex(/^[1-9]\d{0,17}$/, 'cursor is not valid').optional()

export const telemetryListQuery = z.object({ limit: pageLimit, cursor })
export type TelemetryListQuery = z.input<typeof telemetryListQuery>

export const telemetryRecord = z.object({
  id: z.string(),
  kind: z.enum(TELEMETRY_KINDS),
  /** page_view, page_leave, the event's action, identify, groups_identify, groups_reset, feature_flag_called, sign_up … */
  event: z.string(),
  properties: z.record(z.string(), z.unknown()),
  created_at: timestamp,
})
export type TelemetryRecord = z.infer<typeof telemetryRecord>

export const telemetryList = z.object({
  data: z.array(telemetryRecord),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  cursor: z.string().nullable(),
})
export type TelemetryList = z.infer<typeof telemetryList>

export const telemetryDeleted = z.object({ deleted: z.number().int() })
export type TelemetryDeleted = z.infer<typeof telemetryDeleted>

export const errorReportBody = z.object({
  /** Where the error was caught, e.g. globalErrorBoundary. */
  tag: eventName('tag', ERROR_REPORT_TAG_MAX),
  message: boundedText('message', ERROR_REPORT_MESSAGE_MAX).min(1, 'message is required'),
  stack: boundedText('stack', ERROR_REPORT_STACK_MAX).nullable().optional(),
  pathname,
  /** The X-Request-Id of the platform call that failed, when the error came from one. */
  request_id: boundedText('request_id', ERROR_REPORT_REQUEST_ID_MAX)
    .regex(/^[\w-]+$/, 'request_id may hold only letters, digits, _ and -')
    .optional(),
})
export type ErrorReportBody = z.input<typeof errorReportBody>

export const errorReportListQuery = z.object({ limit: pageLimit, cursor, tag: eventName('tag', ERROR_REPORT_TAG_MAX).optional() })
export type ErrorReportListQuery = z.input<typeof errorReportListQuery>

export const errorReport = z.object({
  id: z.string(),
  tag: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  pathname: z.string(),
  request_id: z.string().nullable(),
  created_at: timestamp,
})
export type ErrorReport = z.infer<typeof errorReport>

export const errorReportList = z.object({ data: z.array(errorReport), cursor: z.string().nullable() })
export type ErrorReportList = z.infer<typeof errorReportList>
