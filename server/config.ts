/**
 * Server configuration, read from the environment at run time. NEXT_PUBLIC_* names are read
 * through a computed key so that Next does not inline their build-time value: one build serves
 * either mode.
 */
import path from 'node:path'

export type ServerConfig = {
  isPlatform: boolean
  dataDir: string
  platformDatabaseUrl?: string
  projectDbServers?: string
  /** Self-hosted: the one project's database; embedded when unset. */
  databaseUrl?: string
  jwtSecret?: string
  sqlTimeoutMs: number
  accessTokenTtlSeconds: number
  disabledFeatures: string[]
  defaultRegion: string
  apiMocking: boolean
}

function env(name: string): string | undefined {
  const value = process.env[name]
  return value === undefined || value === '' ? undefined : value
}

/** A positive whole number from the environment, or a clear error at start. */
function positiveInt(name: string, fallback: number): number {
  const raw = env(name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`)
  return value
}

export function readConfig(): ServerConfig {
  const publicPrefix = 'NEXT_PUBLIC_'
  const isPlatformRaw = env(`${publicPrefix}IS_PLATFORM`)
  return {
    isPlatform: isPlatformRaw === undefined ? true : isPlatformRaw !== 'false',
    dataDir: path.resolve(env('DATA_DIR') ?? '.data'),
    platformDatabaseUrl: env('PLATFORM_DATABASE_URL'),
    projectDbServers: env('PROJECT_DB_SERVERS'),
    databaseUrl: env('DATABASE_URL'),
    jwtSecret: env('JWT_SECRET'),
    sqlTimeoutMs: positiveInt('SQL_TIMEOUT_MS', 60_000),
    accessTokenTtlSeconds: positiveInt('ACCESS_TOKEN_TTL_SECONDS', 3600),
    disabledFeatures: (env('DISABLED_FEATURES') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    defaultRegion: env('DEFAULT_REGION') ?? 'us-east-1',
    apiMocking: env('API_MOCKING') === 'true',
  }
}
