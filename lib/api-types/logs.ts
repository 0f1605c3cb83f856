/**
 * A project's logs (API requests, auth events, Postgres errors and slow statements), kept for the organization plan's retention.
 */
export {}
