/**
 * The data API as one of the gateway's project services (`/p/{ref}/rest/v1`): PostgREST per
 * project (processes.ts) behind the proxy (proxy.ts). In read-only mode it answers reads only.
 */
import type { Platform } from '../kernel/platform'
import type { ProjectService, ServiceCall } from '../gateway/types'
import { serviceNamed } from '../gateway/services'
import { DataApiProcesses } from './processes'
import { proxyDataApi, READS } from './proxy'

export class DataApiService implements ProjectService {
  readonly name = 'rest'
  readonly logSource = 'postgrest_logs'
  readonly processes: DataApiProcesses

  constructor(private readonly platform: Platform) {
    this.processes = new DataApiProcesses(platform)
  }

  refusedWhileReadOnly(method: string): string | null {
    return READS.has(method) ? null : 'Read with GET; functions that only read can be called with GET too.'
  }

  serve(call: ServiceCall) {
    return proxyDataApi(this.platform, this.processes, call)
  }

  release(ref: string) {
    return this.processes.stop(ref)
  }

  close() {
    return this.processes.stopAll()
  }
}

/** This platform's PostgREST processes (the settings routes stop one to apply a change). */
export function dataApiProcesses(platform: Platform): DataApiProcesses {
  // Not `instanceof`: Next bundles this module more than once, and the platform's service was
  // made by one of the copies.
  const service = serviceNamed(platform, 'rest') as DataApiService | undefined
  if (!service?.processes) throw new Error('The platform has no data API service')
  return service.processes
}
