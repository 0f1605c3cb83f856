import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Platform } from '../platform'
import type { AuthUser } from '../auth/current-user'

export type RouteContext = {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  params: Record<string, string>
  /** Parsed JSON body (undefined when none). */
  body: unknown
  requestId: string
  platform: Platform
  /** The signed-in user; throws 401 when there is none (platform mode). */
  requireUser(): Promise<AuthUser>
}

/** A handler answers a value (sent as JSON, 200), a Reply, or writes to ctx.res itself and returns undefined. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string>; raw?: Uint8Array }
export type Handler = (ctx: RouteContext) => Promise<unknown>

export const reply = (status: number, body?: unknown, headers?: Record<string, string>): Reply & { __reply: true } => ({
  __reply: true,
  status,
  body,
  headers,
})
export const rawJson = (raw: Uint8Array, status = 200): Reply & { __reply: true } => ({ __reply: true, status, raw })
export const isReply = (value: unknown): value is Reply => !!value && typeof value === 'object' && '__reply' in value
