/**
 * The limits of telemetry and error reports: plain numbers, apart from the schemas
 * (./telemetry.ts), since the browser cuts its values to them before sending (lib/telemetry) and
 * the app shell does not load zod.
 */
export const TELEMETRY_URL_MAX = 2048
export const TELEMETRY_TITLE_MAX = 512
export const TELEMETRY_PATHNAME_MAX = 1024
export const TELEMETRY_USER_AGENT_MAX = 512
export const TELEMETRY_LANGUAGE_MAX = 64
export const TELEMETRY_ACTION_MAX = 100
export const TELEMETRY_FLAG_NAME_MAX = 100
export const TELEMETRY_FLAG_VALUE_MAX = 64
export const TELEMETRY_FLAGS_MAX = 30
/** The custom properties of one event, as JSON text. */
export const TELEMETRY_PROPERTIES_MAX_BYTES = 8 * 1024
export const TELEMETRY_VIEWPORT_MAX = 100_000

/** Bodies are small: a page event is well under 8 KB, even with long URLs and many flags. */
export const TELEMETRY_PAGE_MAX_BODY_BYTES = 16 * 1024
export const TELEMETRY_EVENT_MAX_BODY_BYTES = 48 * 1024
export const TELEMETRY_SMALL_MAX_BODY_BYTES = 4 * 1024

export const TELEMETRY_PAGE_DEFAULT = 50
export const TELEMETRY_PAGE_LIMIT_MAX = 100

export const ERROR_REPORT_TAG_MAX = 100
export const ERROR_REPORT_MESSAGE_MAX = 2000
export const ERROR_REPORT_STACK_MAX = 20_000
export const ERROR_REPORT_REQUEST_ID_MAX = 100
export const ERROR_REPORT_MAX_BODY_BYTES = 96 * 1024
