/**
 * Server configuration: the one place the platform reads environment variables, at run time.
 * NEXT_PUBLIC_* names are read through a computed key so that Next does not inline their
 * build-time value: one build serves either mode. docs/configuration.md lists every variable.
 */
import path from 'node:path'
import { readOAuthProviders, type ExternalAuthConfig } from './auth/oauth-config'
import { readFlagsConfig, type FlagsConfig } from './flags/config'
import { readSiteConfig, type SiteConfig } from './site/config'
import { readStorageConfig, type StorageConfig } from './storage/config'
import { readFunctionsConfig, type FunctionsConfig } from './functions/config'
import { readCaptchaConfig, type CaptchaConfig } from './auth/captcha-config'
import { readPasswordRule, type PasswordRule } from './auth/password-config'
import { readGithubAppConfig, type GithubAppConfig } from './integrations/config'
import { readDocsSearchConfig, type DocsSearchConfig } from './docs/config'
import { readTelemetryConfig, type TelemetryConfig } from './telemetry/config'
import { dashboardCredentials } from '@/lib/listen-address.mjs'
import type { RateLimit } from './security/rate-limit-type'

export type RateLimits = {
  /** Password sign-ins per client IP. */
  signInPerIp: RateLimit
  /** Password sign-ins per account (email or phone) from one client IP. */
  signInPerAccount: RateLimit
  /** Password sign-ins per account from IPs that have not signed in to it in the last 30 days, all together. */
  signInPerAccountNewAddresses: RateLimit
  /** Sign-ups per client IP. */
  signUpPerIp: RateLimit
  /** Token refreshes per client IP. */
  tokenRefreshPerIp: RateLimit
  /** Token refreshes per account. */
  tokenRefreshPerAccount: RateLimit
  /** Mails and SMS sent (OTP, magic link, recovery, resend, reauthentication) per client IP. */
  otpPerIp: RateLimit
  /** The same per address: one inbox or phone is not flooded. */
  otpPerAccount: RateLimit
  /** Code and link checks (/verify, MFA verify) per client IP. */
  verifyPerIp: RateLimit
  /** Wrong DASHBOARD_USERNAME / DASHBOARD_PASSWORD guesses per client IP (self-hosted dashboard). */
  dashboardPasswordPerIp: RateLimit
}

/** The PostgreSQL server the platform runs itself when no server of your own is given (server/engine/). */
export type EmbeddedDbConfig = {
  /** EMBEDDED_DB_PORT, on 127.0.0.1. 0: a free port (kept from one start to the next while it stays free). */
  port: number
  /** EMBEDDED_DB_USER: the existing account the server runs as when the app runs as root. */
  user?: string
}

/** The AI assistant's model: any server speaking OpenAI's Chat Completions API. */
export type AiConfig = {
  /** Unset: the assistant is off (its routes say how to turn it on). */
  apiKey?: string
  /** Base URL the `/chat/completions` path is appended to (no trailing slash). */
  baseUrl: string
  model: string
  /** Longest wait for the model: for the first answer bytes, and between two streamed pieces. */
  timeoutMs: number
  /** Questions per signed-in user (each one costs the key's owner money); 0 turns the limit off. */
  perUser: RateLimit
}

export type AuthConfig = {
  /** The `iss` claim of access tokens: the auth service's public URL. */
  issuer: string
  /** JWK set of private keys given by configuration; generated and kept in the control plane when unset. */
  signingKeys?: string
  /** Origins (scheme://host[:port]) whose pages may call /auth/v1 from the browser. */
  corsOrigins: string[]
  /** smtp(s)://user:pass@host:port; unset: mails are written to the server log. */
  smtpUrl?: string
  smtpFrom: string
  /** Sign-ups by email are confirmed at once (no confirmation mail needed). */
  mailerAutoconfirm: boolean
  /** Sign-ups by phone are confirmed at once. */
  phoneAutoconfirm: boolean
  disableSignup: boolean
  enableAnonymousSignIns: boolean
  enablePhone: boolean
  /** How long a mailed link or code, or an SMS code, can be used. */
  otpTtlSeconds: number
  /** A password change needs the nonce sent by /reauthenticate. */
  securePasswordChange: boolean
  /** What a password set through the auth service must meet (PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE). */
  password: PasswordRule
  /** Sign-in through OAuth 2 providers (GitHub and others), and how long to wait for them. */
  external: ExternalAuthConfig
  /** Wrong TOTP codes allowed, whatever address they come from (server/auth/mfa.ts). */
  mfa: MfaAttemptsConfig
}

export type MfaAttemptsConfig = {
  /** Wrong codes after which a challenge is dead (a new challenge is needed). */
  challengeMaxAttempts: number
  /** Wrong codes in a row after which the factor is locked … */
  factorMaxFailures: number
  /** … for this long. */
  factorLockSeconds: number
}

export type ServerConfig = {
  isPlatform: boolean
  dataDir: string
  platformDatabaseUrl?: string
  projectDbServers?: string
  /** Self-hosted: the one project's database; on the platform's server when unset. */
  databaseUrl?: string
  jwtSecret?: string
  sqlTimeoutMs: number
  /** On PostgreSQL servers: how long a cancelled statement may go on before its session is ended. */
  sqlTerminateGraceMs: number
  accessTokenTtlSeconds: number
  disabledFeatures: string[]
  defaultRegion: string
  apiMocking: boolean
  /** Host names (no port) requests may be addressed to; '*' allows any (DNS rebinding guard). */
  allowedHosts: string[]
  /**
   * Self-hosted: HTTP Basic credentials every request must carry (DASHBOARD_USERNAME,
   * DASHBOARD_PASSWORD). Null: only requests from this machine are answered (http/dashboard-access.ts).
   */
  dashboardAuth: { username: string; password: string } | null
  /** Public URL of the dashboard, when it is served under a name of its own. */
  siteUrl?: string
  /** A project's PostgREST stops after this many seconds without a request (DATA_API_IDLE_SECONDS). */
  /** PostgREST processes: stopped after idleSeconds without a request; at most maxProcesses at once per app instance (the least recently used makes room). */
  dataApi: { idleSeconds: number; maxProcesses: number }
  /** Edge Functions' workers and limits (FUNCTIONS_*). */
  functions: FunctionsConfig
  /** Where the support form's requests are mailed (through SMTP_URL); unset: they are only stored. */
  supportEmail?: string
  /** Largest request body, unless a route allows more. */
  maxBodyBytes: number
  /** How long a whole request body may take to arrive, on every route and project API (REQUEST_BODY_TIMEOUT_MS); later: 408. */
  bodyTimeoutMs: number
  /** Largest request body of a project's data API (DATA_API_MAX_BODY_BYTES); larger: 413. */
  dataApiMaxBodyBytes: number
  /** Requests one client address may have under way at once to one project's data API, per app instance (DATA_API_MAX_REQUESTS_PER_CLIENT). */
  dataApiMaxRequestsPerClient: number
  /** Requests one client address may have under way at once to one project's storage, per app instance (STORAGE_MAX_REQUESTS_PER_CLIENT). */
  storageMaxRequestsPerClient: number
  /** Largest request body of a project's auth service (AUTH_MAX_BODY_BYTES); larger: 413. */
  authMaxBodyBytes: number
  /** Largest SQL result (as JSON) the SQL endpoint answers. */
  maxResultBytes: number
  /** temp_file_limit of each project's role on PostgreSQL servers (PROJECT_TEMP_FILE_LIMIT); unset: a tenth of DATA_DIR's disk, at most 5 GB. */
  projectTempFileLimit?: string
  /** Sessions each project's own role may hold at once on its server (its clients' and the platform's). */
  projectConnectionLimit: number
  embeddedDb: EmbeddedDbConfig
  /** How often project databases are checked, and failed provisioning looked at again. */
  healthCheckIntervalMs: number
  /** How long a health check waits for a database's answer before its health counts as unknown. */
  healthCheckTimeoutMs: number
  /** Projects set up at once by one app instance. */
  provisionConcurrency: number
  /** Backups made on demand one project keeps at most (MAX_MANUAL_BACKUPS): each is a whole copy of its database on the shared disk. */
  maxManualBackups: number
  /** Automatic attempts before a failed set-up waits for a retry by hand. */
  provisionMaxAttempts: number
  /** Wait before the first automatic retry; each next one waits three times longer. */
  provisionRetryBaseMs: number
  rateLimits: RateLimits
  /** Reverse proxies in front of the app: the client IP is taken from X-Forwarded-For that many hops back. */
  trustProxyHops: number
  /** Check every answer against its route's schema (development and tests). */
  validateAnswers: boolean
  auth: AuthConfig
  /** How long an organization invitation can be accepted. */
  invitationTtlSeconds: number
  /** A Free plan project without activity for this long is paused (SPEC §4: one week). */
  pauseInactiveAfterSeconds: number
  /** How often each app instance measures usage and updates organizations' restriction status. */
  usageSampleIntervalMs: number
  /** Grace period of an organization over its plan's quota before its projects are restricted. */
  restrictionGraceSeconds: number
  /**
   * Replaces the database size a Free plan project may use before its organization is restricted
   * (the plan table's 500 MB, lib/billing/plan-table.ts); lower it to try restrictions. Unset: the plan table's.
   */
  freeDatabaseQuotaBytes?: number
  ai: AiConfig
  /** Feature flags (SDK key, flags file) and the banners' settings (server/flags/config.ts). */
  flags: FlagsConfig
  /** Content of public pages (the sign-in page's testimonials). */
  site: SiteConfig
  /** Captcha on sign-up; null when off. */
  captcha: CaptchaConfig | null
  /** The GitHub app organizations connect through; null when not configured. */
  githubApp: GithubAppConfig | null
  /** The docs search backend (server/docs/config.ts). */
  docsSearch: DocsSearchConfig
  /** Where a project's object bytes go (STORAGE_BACKEND): files under DATA_DIR, or an S3 bucket. */
  storage: StorageConfig
  /** Telemetry and client error reports: retention and rate limits. */
  telemetry: TelemetryConfig
}

function env(name: string): string | undefined {
  const value = process.env[name]
  return value === undefined || value === '' ? undefined : value
}

function wholeNumber(name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = env(name)
  if (raw === undefined) return fallback
  // Digits only: Number() would also take "1e3", "0x10", " 5" or "1.0".
  const value = /^[0-9]+$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(value) || (!allowZero && value === 0))
    throw new Error(`${name} must be a ${allowZero ? 'whole number (0 or more)' : 'positive whole number'}, got "${raw}"`)
  return value
}

function flag(name: string, fallback: boolean): boolean {
  const raw = env(name)
  if (raw === undefined) return fallback
  if (raw !== 'true' && raw !== 'false') throw new Error(`${name} must be true or false, got "${raw}"`)
  return raw === 'true'
}

function rateLimit(name: string, limit: number, windowSeconds: number): RateLimit {
  return { limit: wholeNumber(name, limit, { allowZero: true }), windowSeconds }
}

function list(name: string): string[] {
  return (env(name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Where the embedded PostgreSQL server listens when EMBEDDED_DB_PORT is not set. */
export const DEFAULT_EMBEDDED_DB_PORT = 54329

function embeddedDb(): EmbeddedDbConfig {
  const raw = env('EMBEDDED_DB_PORT')
  const port = wholeNumber('EMBEDDED_DB_PORT', DEFAULT_EMBEDDED_DB_PORT, { allowZero: true })
  if (port > 65535) throw new Error(`EMBEDDED_DB_PORT must be a port number (0-65535), got "${raw}"`)
  return { port, user: env('EMBEDDED_DB_USER') }
}

function siteUrl(): string | undefined {
  const raw = env('SITE_URL')
  if (raw === undefined) return undefined
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    return url.origin
  } catch {
    throw new Error(`SITE_URL must be an http(s) URL, got "${raw}"`)
  }
}

/** A small, inexpensive current chat model; any model name the server knows can be set instead. */
export const DEFAULT_AI_MODEL = 'gpt-4o-mini'

function aiBaseUrl(): string {
  const raw = env('OPENAI_BASE_URL') ?? 'https://api.openai.com/v1'
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    return raw.replace(/\/+$/, '')
  } catch {
    throw new Error(`OPENAI_BASE_URL must be an http(s) URL, got "${raw}"`)
  }
}

export function readConfig(): ServerConfig {
  const publicPrefix = 'NEXT_PUBLIC_'
  const isPlatformRaw = env(`${publicPrefix}IS_PLATFORM`)
  const site = siteUrl()
  const allowedHosts = [
    ...new Set(['localhost', '127.0.0.1', '[::1]', ...(site ? [new URL(site).hostname] : []), ...list('ALLOWED_HOSTS').map((h) => h.toLowerCase())]),
  ]
  return {
    isPlatform: isPlatformRaw === undefined ? true : isPlatformRaw !== 'false',
    dataDir: path.resolve(env('DATA_DIR') ?? '.data'),
    platformDatabaseUrl: env('PLATFORM_DATABASE_URL'),
    projectDbServers: env('PROJECT_DB_SERVERS'),
    databaseUrl: env('DATABASE_URL'),
    jwtSecret: env('JWT_SECRET'),
    sqlTimeoutMs: wholeNumber('SQL_TIMEOUT_MS', 60_000),
    sqlTerminateGraceMs: wholeNumber('SQL_TERMINATE_GRACE_MS', 5_000),
    accessTokenTtlSeconds: wholeNumber('ACCESS_TOKEN_TTL_SECONDS', 3600),
    disabledFeatures: list('DISABLED_FEATURES'),
    defaultRegion: env('DEFAULT_REGION') ?? 'us-east-1',
    apiMocking: env('API_MOCKING') === 'true',
    allowedHosts,
    dashboardAuth: dashboardCredentials(env('DASHBOARD_USERNAME'), env('DASHBOARD_PASSWORD')),
    siteUrl: site,
    supportEmail: env('SUPPORT_EMAIL'),
    maxBodyBytes: wholeNumber('MAX_BODY_BYTES', 1024 * 1024),
    bodyTimeoutMs: wholeNumber('REQUEST_BODY_TIMEOUT_MS', 10_000),
    dataApiMaxBodyBytes: wholeNumber('DATA_API_MAX_BODY_BYTES', 10 * 1024 * 1024),
    dataApiMaxRequestsPerClient: wholeNumber('DATA_API_MAX_REQUESTS_PER_CLIENT', 16),
    storageMaxRequestsPerClient: wholeNumber('STORAGE_MAX_REQUESTS_PER_CLIENT', 32),
    authMaxBodyBytes: wholeNumber('AUTH_MAX_BODY_BYTES', 64 * 1024),
    maxResultBytes: wholeNumber('MAX_RESULT_BYTES', 128 * 1024 * 1024),
    projectTempFileLimit: env('PROJECT_TEMP_FILE_LIMIT'),
    projectConnectionLimit: wholeNumber('PROJECT_CONNECTION_LIMIT', 60),
    embeddedDb: embeddedDb(),
    dataApi: { idleSeconds: wholeNumber('DATA_API_IDLE_SECONDS', 300), maxProcesses: wholeNumber('DATA_API_MAX_PROCESSES', 20) },
    functions: readFunctionsConfig(env, wholeNumber),
    healthCheckIntervalMs: wholeNumber('HEALTH_CHECK_INTERVAL_MS', 30_000),
    healthCheckTimeoutMs: wholeNumber('HEALTH_CHECK_TIMEOUT_MS', 5_000),
    provisionConcurrency: wholeNumber('PROVISION_CONCURRENCY', 2),
    maxManualBackups: wholeNumber('MAX_MANUAL_BACKUPS', 5),
    provisionMaxAttempts: wholeNumber('PROVISION_MAX_ATTEMPTS', 6),
    provisionRetryBaseMs: wholeNumber('PROVISION_RETRY_BASE_MS', 5_000),
    rateLimits: {
      signInPerIp: rateLimit('RATE_LIMIT_SIGN_IN', 30, 300),
      signInPerAccount: rateLimit('RATE_LIMIT_SIGN_IN_ACCOUNT', 10, 300),
      signInPerAccountNewAddresses: rateLimit('RATE_LIMIT_SIGN_IN_ACCOUNT_NEW_ADDRESSES', 50, 300),
      signUpPerIp: rateLimit('RATE_LIMIT_SIGN_UP', 30, 3600),
      tokenRefreshPerIp: rateLimit('RATE_LIMIT_TOKEN_REFRESH', 150, 300),
      tokenRefreshPerAccount: rateLimit('RATE_LIMIT_TOKEN_REFRESH_ACCOUNT', 60, 300),
      otpPerIp: rateLimit('RATE_LIMIT_OTP', 30, 3600),
      otpPerAccount: rateLimit('RATE_LIMIT_OTP_ACCOUNT', 5, 3600),
      verifyPerIp: rateLimit('RATE_LIMIT_VERIFY', 60, 300),
      dashboardPasswordPerIp: rateLimit('RATE_LIMIT_DASHBOARD_PASSWORD', 20, 300),
    },
    auth: {
      issuer: `${site ?? `http://localhost:${env('PORT') ?? '3000'}`}/auth/v1`,
      signingKeys: env('JWT_SIGNING_KEYS'),
      corsOrigins: list('AUTH_CORS_ORIGINS').map((origin) => origin.replace(/\/+$/, '')),
      smtpUrl: env('SMTP_URL'),
      smtpFrom: env('SMTP_FROM') ?? 'no-reply@localhost',
      mailerAutoconfirm: flag('MAILER_AUTOCONFIRM', true),
      phoneAutoconfirm: flag('PHONE_AUTOCONFIRM', false),
      disableSignup: flag('DISABLE_SIGNUP', false),
      enableAnonymousSignIns: flag('ENABLE_ANONYMOUS_SIGN_INS', false),
      enablePhone: flag('ENABLE_PHONE', true),
      otpTtlSeconds: wholeNumber('OTP_TTL_SECONDS', 3600),
      securePasswordChange: flag('SECURE_PASSWORD_CHANGE', false),
      password: readPasswordRule(env),
      external: { providers: readOAuthProviders(env), timeoutMs: wholeNumber('AUTH_EXTERNAL_TIMEOUT_MS', 10_000) },
      mfa: {
        challengeMaxAttempts: wholeNumber('MFA_CHALLENGE_MAX_ATTEMPTS', 5),
        factorMaxFailures: wholeNumber('MFA_FACTOR_MAX_FAILURES', 10),
        factorLockSeconds: wholeNumber('MFA_FACTOR_LOCK_SECONDS', 900),
      },
    },
    trustProxyHops: wholeNumber('TRUST_PROXY_HOPS', 0, { allowZero: true }),
    validateAnswers: process.env.NODE_ENV !== 'production',
    invitationTtlSeconds: wholeNumber('INVITATION_TTL_SECONDS', 7 * 24 * 3600),
    pauseInactiveAfterSeconds: wholeNumber('PAUSE_INACTIVE_AFTER_SECONDS', 7 * 24 * 3600),
    usageSampleIntervalMs: wholeNumber('USAGE_SAMPLE_INTERVAL_MS', 60_000),
    restrictionGraceSeconds: wholeNumber('RESTRICTION_GRACE_SECONDS', 7 * 24 * 3600),
    freeDatabaseQuotaBytes: env('FREE_DATABASE_QUOTA_BYTES') === undefined ? undefined : wholeNumber('FREE_DATABASE_QUOTA_BYTES', 0),
    ai: {
      apiKey: env('OPENAI_API_KEY'),
      baseUrl: aiBaseUrl(),
      model: env('OPENAI_MODEL') ?? DEFAULT_AI_MODEL,
      timeoutMs: wholeNumber('AI_TIMEOUT_MS', 60_000),
      perUser: rateLimit('RATE_LIMIT_AI', 30, 300),
    },
    flags: readFlagsConfig(env),
    site: readSiteConfig(env),
    captcha: readCaptchaConfig(env),
    githubApp: readGithubAppConfig(env),
    docsSearch: readDocsSearchConfig(env),
    storage: readStorageConfig(env),
    telemetry: readTelemetryConfig(env),
  }
}
