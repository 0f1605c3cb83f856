/**
 * The connection details of a project database: host, port, name, user, the connection string, and its password (revealed on demand, reset).
 */
import { z } from 'zod'
import { PROJECT_STATUSES } from './projects'
import { textField } from './zod-helpers'

/** Where the database lives: always a PostgreSQL server (the platform's own, or one of yours). */
export const DB_KINDS = ['server'] as const

export const projectSettings = z.object({
  ref: z.string(),
  status: z.enum(PROJECT_STATUSES),
  /** null while the database is not set up. */
  db_kind: z.enum(DB_KINDS).nullable(),
  /** null while the database is not set up. */
  db_host: z.string().nullable(),
  db_port: z.number().int().nullable(),
  db_name: z.string().nullable(),
  db_user: z.string().nullable(),
  /** The URI with `[YOUR-PASSWORD]` where the password goes. */
  connection_string: z.string().nullable(),
  /** psql with host, port, database and user (it asks for the password, or reads PGPASSWORD). */
  psql_command: z.string().nullable(),
  /** On the platform's own server, which listens on the loopback interface: reachable from this machine only. */
  local_only: z.boolean(),
  /** What a person should know about connecting (limits, why it cannot be reached); null when nothing. */
  note: z.string().nullable(),
})
export type ProjectSettings = z.infer<typeof projectSettings>

/**
 * The size of a project's database, by the one definition quotas use (pg_database_size on its
 * server). `live` when measured for this answer;
 * otherwise the last sampled size (a restricted organization, a database not answering), with
 * when it was measured; `bytes` null when it never was.
 */
export const databaseSize = z.object({ bytes: z.number().nullable(), measured_at: z.string().nullable(), live: z.boolean() })
export type DatabaseSize = z.infer<typeof databaseSize>

export const dbPassword = z.object({ password: z.string() })
export type DbPassword = z.infer<typeof dbPassword>

export const MIN_DB_PASSWORD_LENGTH = 12
export const MAX_DB_PASSWORD_LENGTH = 1024

/** C0 controls, DEL and C1 controls: a password is typed and pasted, never holds these. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/

export const dbPasswordChangeBody = z.object({
  password: textField('password')
    .min(MIN_DB_PASSWORD_LENGTH, `password must be at least ${MIN_DB_PASSWORD_LENGTH} characters long`)
    .max(MAX_DB_PASSWORD_LENGTH, `password must be at most ${MAX_DB_PASSWORD_LENGTH} characters long`)
    .refine((p) => !CONTROL_CHARACTERS.test(p), 'password must not contain control characters (NUL, line breaks, tabs …)')
    .refine((p) => p.trim() === p, 'password must not start or end with a space')
    .refine((p) => new Set(p).size >= 5, 'password is too simple: use at least 5 different characters'),
})
export type DbPasswordChangeBody = z.infer<typeof dbPasswordChangeBody>
