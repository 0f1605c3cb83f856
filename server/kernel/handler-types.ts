/** What a route handler receives and may answer. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import type { AnyRoute, OrganizationRole, ScopeKind } from '@/lib/api-types'
import type { Platform } from './platform'
import type { ProjectRow } from '../projects/serialize'
import type { OrgRow } from '../orgs/org-row'

export type AuthUser = { id: string; email: string; sessionId: string | null }

/** The organization a scoped route acts on, with the caller's role in it (already authorized). */
export type OrgAccess = OrgRow & { role: OrganizationRole }
/** The project a project-scoped route acts on, with the caller's role in its organization. */
export type ProjectAccess = ProjectRow & { role: OrganizationRole }

type AccessFor<K> = K extends 'project' ? ProjectAccess : K extends 'org' ? OrgAccess : undefined
type ScopeKindOf<R extends AnyRoute> = R['scope'] extends { kind: infer K extends ScopeKind } ? K : undefined
type UserFor<R extends AnyRoute> = R['auth'] extends 'user' ? AuthUser : null

export type HandlerContext<R extends AnyRoute> = {
  platform: Platform
  req: IncomingMessage
  res: ServerResponse
  requestId: string
  /** The client's address (X-Forwarded-For counted back TRUST_PROXY_HOPS when behind proxies). */
  ip: string
  params: z.output<R['params']>
  query: z.output<R['query']>
  body: z.output<R['body']>
  user: UserFor<R>
  /** Set for routes with a scope: the organization or project, the caller's role allowing the action. */
  access: AccessFor<ScopeKindOf<R>>
}

const REPLY = Symbol.for('supaboard.Reply')

/** JSON already encoded (big SQL results): sent as it is, with the route's status. */
export type RawJson = { [REPLY]: true; raw: Uint8Array }

export const rawJson = (raw: Uint8Array): RawJson => ({ [REPLY]: true, raw })
export const isRawJson = (value: unknown): value is RawJson => !!value && typeof value === 'object' && REPLY in value

const ANSWER = Symbol.for('supaboard.Answer')

/**
 * An answer with a status and headers of its own: a 304 Not Modified, an ETag or a Cache-Control.
 * Its body, when it has one, is checked against the route's schema like any answer; without one
 * nothing but the headers is sent.
 */
export type Reply<T> = { [ANSWER]: true; status: number; headers: Record<string, string>; body: T | undefined }

export const reply = <T>(status: number, body: T, headers: Record<string, string> = {}): Reply<T> => ({ [ANSWER]: true, status, headers, body })
/** A reply of headers only (a 304 Not Modified). */
export const emptyReply = (status: number, headers: Record<string, string> = {}): Reply<never> => ({ [ANSWER]: true, status, headers, body: undefined })
export const isReply = (value: unknown): value is Reply<unknown> => !!value && typeof value === 'object' && ANSWER in value

/**
 * The answer, sent as JSON with the route's status; a `reply` for another status or headers; raw
 * JSON only from routes declared `raw` (checked by the router).
 */
type HandlerResult<R extends AnyRoute> = z.input<R['answer']> | RawJson | Reply<z.input<R['answer']>>

export type Handler<R extends AnyRoute> = (ctx: HandlerContext<R>) => Promise<HandlerResult<R>>

/** The handlers of a route table: one per route, typed from its declaration. */
export type Handlers<T extends Record<string, AnyRoute>> = { [K in keyof T]: Handler<T[K]> }
