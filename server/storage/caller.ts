/**
 * Who a storage request acts as. The bearer token (`Authorization`) when there is one: a key or
 * a user's access token signed with the project's secret (HS256, at its `exp`); else the
 * `apikey` the gate checked. Its role is one of the data API's three; its claims go to
 * `request.jwt.claims`, so `auth.uid()` in a policy is the user's id.
 */
import type { IncomingMessage } from 'node:http'
import { jwtVerify } from 'jose'
import type { PassedGate } from '../gateway/types'
import { accessDenied } from './errors'

export type CallerRole = 'anon' | 'authenticated' | 'service_role'

export type Caller = {
  role: CallerRole
  claims: Record<string, unknown>
  /** The user's id (`sub`), when the token names one. */
  sub: string | null
  /** False when a route that allows it went on as anon without a valid token. */
  authenticated: boolean
  statementTimeoutSeconds: number
}

const ROLES: readonly string[] = ['anon', 'authenticated', 'service_role']

const bearerOf = (req: IncomingMessage): string | null => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null

/** The statement timeout of the caller's role: the project's own, as its data API has them (service_role: the authenticated one). */
const timeoutOf = (gate: PassedGate, role: CallerRole) => (role === 'anon' ? gate.settings.timeouts.anon : gate.settings.timeouts.authenticated)

/**
 * `allowInvalid`: a download may go on as anon when its token is missing or broken (what a public
 * bucket serves needs none); anywhere else a broken token is refused.
 */
export async function callerOf(req: IncomingMessage, gate: PassedGate, { allowInvalid = false } = {}): Promise<Caller> {
  const bearer = bearerOf(req)
  if (!bearer) return asRole(gate, gate.keyRole, { role: gate.keyRole })
  return callerOfToken(bearer, gate, { allowInvalid })
}

/** Who a token signed with the project's secret acts as: a key or a user's access token (the S3 protocol's session token too). */
export async function callerOfToken(bearer: string, gate: PassedGate, { allowInvalid = false } = {}): Promise<Caller> {
  try {
    const { payload } = await jwtVerify(bearer, new TextEncoder().encode(gate.settings.jwtSecret), { algorithms: ['HS256'] })
    const role = typeof payload.role === 'string' ? payload.role : 'anon'
    if (!ROLES.includes(role)) throw new Error(`the role ${role} may not use storage`)
    return { ...asRole(gate, role as CallerRole, payload as Record<string, unknown>), sub: typeof payload.sub === 'string' ? payload.sub : null }
  } catch (error) {
    if (allowInvalid) return { ...asRole(gate, 'anon', { role: 'anon' }), authenticated: false }
    throw accessDenied((error as Error).message)
  }
}

function asRole(gate: PassedGate, role: CallerRole, claims: Record<string, unknown>): Caller {
  return { role, claims, sub: null, authenticated: true, statementTimeoutSeconds: timeoutOf(gate, role) }
}

/** The platform's own look at a project's storage (a bucket's limits, a public object): service_role, no user. */
export function serviceCaller(gate: PassedGate): Caller {
  return asRole(gate, 'service_role', { role: 'service_role' })
}
