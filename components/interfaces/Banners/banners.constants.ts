/** SPEC §8–9 figures and sentences of the dashboard banners. */

/** The browser's clock is flagged when it differs from the server's by more than this (SPEC §5, §9). */
export const CLOCK_SKEW_THRESHOLD_MS = 120_000
/** The clock is checked on load and then this often (SPEC §7, §9: 30 minutes). */
export const CLOCK_CHECK_INTERVAL_MS = 1_800_000

export const CLOCK_SKEW_MESSAGE = "Your computer's clock appears to be inaccurate. This can cause issues with certain features."

/** Shown when the ongoingIncident flag is simply on (its value may carry a sentence of its own instead). */
export const DEFAULT_INCIDENT_MESSAGE = 'We are investigating a technical issue. Some features of the dashboard may not work as expected.'
/** Shown when the noticeBanner flag is simply on. */
export const DEFAULT_NOTICE_MESSAGE = 'We are making changes to the dashboard. Some features may be briefly unavailable.'

/** SPEC §9: the date the deprecation notice gives. */
export const FLY_SHUTDOWN_DATE = 'April 11, 2025'
export const FLY_NOTICE_MESSAGE = `Postgres projects hosted on Fly are deprecated and will be shut down on ${FLY_SHUTDOWN_DATE}. Please move your projects to another provider before then.`
