import type { ProjectStatus } from '@/lib/api-types'

/** What the SQL endpoint says when the project's database is not serving (409). */
export function notServingMessage(status: ProjectStatus): string {
  return `${reason(status)} (status ${status})`
}

function reason(status: ProjectStatus): string {
  switch (status) {
    case 'INACTIVE':
    case 'PAUSE_FAILED':
    case 'RESTORE_FAILED':
      return 'The project is paused: its database does not serve requests. Restore the project to run SQL.'
    case 'PAUSING':
      return 'The project is being paused: its database does not serve requests any more.'
    case 'RESTORING':
    case 'RESTARTING':
      return `The project is ${status === 'RESTORING' ? 'being restored' : 'restarting'}. Try again in a moment.`
    case 'GOING_DOWN':
    case 'REMOVED':
      return 'The project is being deleted.'
    case 'UNKNOWN':
      return "The project's health cannot be read right now: its database did not answer the last check in time. Try again in a moment."
    case 'RESIZING':
      return "The project's compute size is being changed: its connections restart once. Try again in a moment."
    case 'UPGRADING':
      return "The project's database is being upgraded. Try again in a moment."
    default:
      return `The project's database is not ready. Try again when it is ACTIVE_HEALTHY.`
  }
}

/** What the SQL endpoint says when the project's organization is restricted (402): the quota, and the ways out. */
export function restrictedMessage(quotaNote: string | null): string {
  return [
    "This project's organization has used up its quota and is restricted: its projects do not serve requests.",
    quotaNote,
    'Upgrade the plan, or pause or delete the projects over the quota; the restriction is lifted at the next usage check.',
  ]
    .filter(Boolean)
    .join(' ')
}

/**
 * What the SQL endpoint says when a write fails because the project is in read-only mode (its
 * database past the plan's size, server/projects/read-only-mode.ts), instead of PostgreSQL's bare
 * "cannot execute INSERT in a read-only transaction" (409): why, and the ways out.
 */
export function readOnlyModeMessage(command: string | null, note: string | null): string {
  return [
    `This project is in read-only mode because its database is larger than its plan includes${command ? `: ${command} is not allowed` : ''}.`,
    note,
    'To delete data and get back under the quota, an Owner or Admin allows writes for 15 minutes (the read-only banner, or Project settings → General); or upgrade the plan. The project becomes writable again at the next usage check.',
  ]
    .filter(Boolean)
    .join(' ')
}
