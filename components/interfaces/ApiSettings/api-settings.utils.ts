/**
 * The decisions of the API settings page, apart from rendering: who may do what (read from the
 * roles policy, so the reason shown names the roles the platform enforces) and the data API form's
 * validation and diff.
 */
import { DATA_API_MAX_ROWS_LIMIT, DATA_API_MAX_TIMEOUT_S } from '@/lib/api-types/data-api'
import { ROLES_POLICY } from '@/lib/api-types/permissions'
import type { Action, DataApiSettings } from '@/lib/api-types'

/** "Owner and Admin", "Owner, Admin and Developer": the roles the policy allows `action`. */
export function rolesAllowed(action: Action): string {
  const roles = [...ROLES_POLICY[action].roles]
  return roles.length <= 1 ? roles.join('') : `${roles.slice(0, -1).join(', ')} and ${roles[roles.length - 1]}`
}

export type DataApiForm = { enabled: boolean; schemas: string[]; maxRows: string; anonTimeout: string; authenticatedTimeout: string }

export const formFromSettings = (settings: DataApiSettings): DataApiForm => ({
  enabled: settings.enabled,
  schemas: [...settings.schemas],
  maxRows: String(settings.max_rows),
  anonTimeout: String(settings.anon_statement_timeout_s),
  authenticatedTimeout: String(settings.authenticated_statement_timeout_s),
})

export type DataApiFormErrors = { schemas?: string; maxRows?: string; anonTimeout?: string; authenticatedTimeout?: string }

export const MAX_ROWS_MESSAGE = `Max rows must be a whole number from 1 to ${DATA_API_MAX_ROWS_LIMIT.toLocaleString('en-US')}`
export const TIMEOUT_MESSAGE = `A statement timeout is a whole number of seconds from 1 to ${DATA_API_MAX_TIMEOUT_S}`

const wholeWithin = (text: string, max: number) => /^\d+$/.test(text.trim()) && Number(text.trim()) >= 1 && Number(text.trim()) <= max

export function validateDataApiForm(form: DataApiForm): DataApiFormErrors {
  const errors: DataApiFormErrors = {}
  if (form.schemas.length === 0) errors.schemas = 'Choose at least one schema to expose'
  if (!wholeWithin(form.maxRows, DATA_API_MAX_ROWS_LIMIT)) errors.maxRows = MAX_ROWS_MESSAGE
  if (!wholeWithin(form.anonTimeout, DATA_API_MAX_TIMEOUT_S)) errors.anonTimeout = TIMEOUT_MESSAGE
  if (!wholeWithin(form.authenticatedTimeout, DATA_API_MAX_TIMEOUT_S)) errors.authenticatedTimeout = TIMEOUT_MESSAGE
  return errors
}

/** The fields that differ from what is saved; an empty object when nothing changed. */
export function dataApiChanges(saved: DataApiSettings, form: DataApiForm): Partial<DataApiSettings> {
  const changes: Partial<DataApiSettings> = {}
  if (form.enabled !== saved.enabled) changes.enabled = form.enabled
  if (form.schemas.join(',') !== saved.schemas.join(',')) changes.schemas = form.schemas
  if (Number(form.maxRows.trim()) !== saved.max_rows) changes.max_rows = Number(form.maxRows.trim())
  if (Number(form.anonTimeout.trim()) !== saved.anon_statement_timeout_s) changes.anon_statement_timeout_s = Number(form.anonTimeout.trim())
  if (Number(form.authenticatedTimeout.trim()) !== saved.authenticated_statement_timeout_s)
    changes.authenticated_statement_timeout_s = Number(form.authenticatedTimeout.trim())
  return changes
}

/**
 * The schemas to offer: the project's, then any exposed one the database no longer lists (so it
 * can still be unticked), in the order the database lists them.
 */
export function schemaOptions(projectSchemas: readonly string[], exposed: readonly string[]): string[] {
  return [...projectSchemas, ...exposed.filter((schema) => !projectSchemas.includes(schema))]
}
