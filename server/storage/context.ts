/** What every storage endpoint works with, gathered once per request by storage-service.ts. */
import type { PlanId } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { PassedGate, ServiceCall } from '../gateway/types'
import type { StorageBackend } from './backend/types'
import type { FairSlots } from './fair-slots'
import type { Caller } from './caller'
import type { StorageDb } from './database'

export type StorageContext = {
  platform: Platform
  /**
   * The request and its answer, for the endpoints that stream (uploads, downloads, TUS). The
   * dashboard's calls (dashboard.ts) have none: they run the JSON endpoints only.
   */
  call: ServiceCall
  /** The request's method, query and headers, as every endpoint reads them. */
  method: string
  query: URLSearchParams
  header(name: string): string | undefined
  gate: PassedGate
  db: StorageDb
  backend: StorageBackend
  /** Image transformations under way in this app copy, a few at a time, fairly between projects (fair-slots.ts). */
  transformations: FairSlots
  /** The TUS protocol's handler (resumable.ts). */
  resumable: { serve(ctx: StorageContext): Promise<StorageAnswer> }
  /** The request's JSON body (an object; `{}` when there is none). */
  json(): Promise<Record<string, unknown>>
  /** Who the request acts as (caller.ts). */
  caller(options?: { allowInvalid?: boolean }): Promise<Caller>
  /** The platform's own look: service_role. */
  service: Caller
  /** The project's organization's plan. */
  plan: PlanId
  /** The largest object the project takes (its plan's, or less in its storage settings), and the sentence that names it. */
  uploadLimit: UploadLimit
  /** Path parameters: `bucket`, and `path` (the object's key) where the route has one. */
  params: Record<string, string>
}

export type UploadLimit = { bytes: number; sentence: string }

/** A JSON answer; endpoints that stream (downloads) answer themselves and return undefined. */
export type StorageAnswer = { status: number; body: unknown; headers?: Record<string, string> } | undefined

/** The backend key of an object version of the project: never a name the tenant chose. */
export function objectKey(ref: string, version: unknown): string | null {
  return typeof version === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(version) ? `${ref}/${version}` : null
}
