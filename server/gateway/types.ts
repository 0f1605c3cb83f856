/**
 * What a project service is to the gateway (server/gateway/README.md): one object per service and
 * platform, made with the platform and kept on it (`platform.services`), so every bundle of the
 * app reaches the same processes and pools.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { PlanId, ProjectStatus } from '@/lib/api-types'
import type { ProjectDbLocation } from '../databases/types'
import type { ProjectApiSettings } from '../data-api/settings-type'
import type { ApiKeyRole } from '../data-api/keys'

/** The project a request passed the gate for. */
export type GatedProject = {
  id: number
  ref: string
  region: string
  organization_id: number
  status: ProjectStatus
  db_location: ProjectDbLocation
  /** Whether read-only mode holds its database (server/projects/read-only-mode.ts). */
  read_only?: boolean
  /** Its organization's plan (a service's limits), read with the gate. */
  plan?: PlanId
  /** The largest file its storage takes, when its settings set one below the plan's (null: the plan's); read with the gate. */
  storage_file_size_limit?: number | null
}

export type PassedGate = { project: GatedProject; settings: ProjectApiSettings; keyRole: ApiKeyRole; key: string }

/** The log sources a service's requests are recorded in (SPEC §3). */
export type ServiceLogSource = 'postgrest_logs' | 'edge_logs' | 'storage_logs' | 'realtime_logs' | 'function_edge_logs'

/** Why a project's service lets go of what it holds for the project. */
export type ReleaseReason = 'pause' | 'delete' | 'backup' | 'restore' | 'restart' | 'transfer' | 'read-only'

/** One request to a service, as the gateway hands it over. */
export type ServiceCall = {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  ref: string
  /** The path below `/{service}/v1`, starting with `/`. */
  rest: string
  requestId: string
  /**
   * The gate (gate.ts). It answers a refusal itself and resolves null; once it passed, the request
   * is logged and its answer's bytes counted as egress. A service calls it before anything of the
   * project is answered; the data API sends a read ahead meanwhile.
   */
  pass(): Promise<PassedGate | null>
  /** Fields the request's log entry gets beside the gateway's own (a function's id and version). */
  logFields: Record<string, unknown>
}

/** A WebSocket handshake to a service, once it passed the gate: the service takes the socket. */
export type UpgradeCall = {
  req: IncomingMessage
  socket: Duplex
  head: Buffer
  url: URL
  /** The path below `/{service}/v1`, starting with `/`. */
  rest: string
  requestId: string
  gate: PassedGate
}

export interface ProjectService {
  /** Its path segment: `{site}/p/{ref}/{name}/v1`. */
  readonly name: string
  readonly logSource: ServiceLogSource
  /** Headers its answers expose to a browser's script, beside the gateway's own. */
  readonly exposedHeaders?: readonly string[]
  /**
   * Its answers carry their own CORS headers and its preflights reach it (a project's edge
   * functions answer their own): the gateway adds CORS only to the answers it makes itself.
   */
  readonly ownsCors?: boolean
  /** Whether a request may pass the gate without a key (a mailed link opened in a browser). */
  keyOptional?(method: string, rest: string): boolean
  /** In read-only mode: the hint of a request the gate refuses (409), or null when it is served. */
  refusedWhileReadOnly?(method: string, rest: string): string | null
  serve(call: ServiceCall): Promise<unknown>
  /** A WebSocket handshake (services without one answer such a request 404). */
  upgrade?(call: UpgradeCall): void
  /** Adds what it counted in memory to usage_daily (each usage sample, server/billing/usage-sampling.ts). */
  recordUsage?(now: Date): Promise<void>
  /** Lets go of what it holds for a project: processes, pools, sockets. */
  release(ref: string, reason: ReleaseReason): Promise<void>
  /** The platform closes: everything it holds ends. */
  close(): Promise<void>
}
