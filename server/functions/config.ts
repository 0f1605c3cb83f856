/**
 * Edge Functions' settings (docs/configuration.md, docs/edge-functions.md). Pure: handed a reader
 * of whole numbers and of variables (server/config.ts is the one place that reads the environment).
 */
export type FunctionsConfig = {
  /** FUNCTIONS_SANDBOX: `auto` (the OS boundary this system gives, else functions are refused) or `off` (no OS boundary: trusted code only). */
  sandbox: 'auto' | 'off'
  /** Deno workers at once per app copy (FUNCTIONS_MAX_WORKERS); the least recently used idle one makes room. */
  maxWorkers: number
  /** Of those, the most one project's functions keep busy at once (FUNCTIONS_MAX_WORKERS_PER_PROJECT; the platform's mode only). */
  maxWorkersPerProject: number
  /** A worker stops after this many seconds without a request (FUNCTIONS_IDLE_SECONDS). */
  idleSeconds: number
  /** CPU time one request may use (FUNCTIONS_CPU_MS): past it the worker is stopped and answers 546. */
  cpuMs: number
  /** Wall clock of one request (FUNCTIONS_WALL_SECONDS): past it the request ends with 504. */
  wallSeconds: number
  /** Memory of one worker (FUNCTIONS_MEMORY_MB): past it the worker is stopped and answers 546. */
  memoryMb: number
  /** Largest request and answer bodies (FUNCTIONS_MAX_REQUEST_BYTES, FUNCTIONS_MAX_RESPONSE_BYTES). */
  maxRequestBytes: number
  maxResponseBytes: number
  /** Root mode: a project's functions run as uid FUNCTIONS_UID_BASE + the project's id. */
  uidBase: number
  /** DENO_BIN: the Deno binary; unset, the one npm installed (@deno/<os>-<cpu>-glibc). */
  denoBin?: string
  /** NPM_CONFIG_REGISTRY: where a function's `npm:` imports come from (a mirror), passed to Deno. */
  npmRegistry?: string
  /** SSL_CERT_FILE, else Debian's bundle: the authorities a function's TLS trusts beside Mozilla's (a machine's own CA). */
  caFile: string
}

export function readFunctionsConfig(env: (name: string) => string | undefined, wholeNumber: (name: string, fallback: number) => number): FunctionsConfig {
  const sandbox = env('FUNCTIONS_SANDBOX') ?? 'auto'
  if (sandbox !== 'auto' && sandbox !== 'off') throw new Error(`FUNCTIONS_SANDBOX must be auto or off, got "${sandbox}"`)
  return {
    sandbox,
    maxWorkers: wholeNumber('FUNCTIONS_MAX_WORKERS', 16),
    maxWorkersPerProject: wholeNumber('FUNCTIONS_MAX_WORKERS_PER_PROJECT', 4),
    idleSeconds: wholeNumber('FUNCTIONS_IDLE_SECONDS', 120),
    cpuMs: wholeNumber('FUNCTIONS_CPU_MS', 2000),
    wallSeconds: wholeNumber('FUNCTIONS_WALL_SECONDS', 150),
    memoryMb: wholeNumber('FUNCTIONS_MEMORY_MB', 256),
    maxRequestBytes: wholeNumber('FUNCTIONS_MAX_REQUEST_BYTES', 20 * 1024 * 1024),
    maxResponseBytes: wholeNumber('FUNCTIONS_MAX_RESPONSE_BYTES', 50 * 1024 * 1024),
    uidBase: wholeNumber('FUNCTIONS_UID_BASE', 1_900_000_000),
    denoBin: env('DENO_BIN'),
    npmRegistry: env('NPM_CONFIG_REGISTRY') ?? env('npm_config_registry'),
    caFile: env('SSL_CERT_FILE') ?? '/etc/ssl/certs/ca-certificates.crt',
  }
}
