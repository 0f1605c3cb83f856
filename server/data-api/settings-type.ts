/** A project's data-API settings as the platform works with them (settings.ts reads and writes them). */
export type ProjectApiSettings = {
  jwtSecret: string
  jwtSecretCreatedAt: Date
  jwtSecretRotatedAt: Date | null
  enabled: boolean
  schemas: string[]
  maxRows: number
  /** statement_timeout of the anon and authenticated roles in the project's database, in seconds. */
  timeouts: { anon: number; authenticated: number }
}
