/** Typed access to scripts/pg-cluster.mjs for the tests. */
import { findPgBin, freePort as freePortJs, startCluster } from '../../scripts/pg-cluster.mjs'

export type PgCluster = { url: string; port: number; pause(): Promise<void>; resume(): Promise<void>; stop(): Promise<void> }

export const hasPgBinaries = (): boolean => findPgBin() !== null

/**
 * Whether suites that need a real server should run. Under CI=true missing binaries are an error,
 * not a skip (CI installs them).
 */
export function pgClusterAvailable(): boolean {
  if (hasPgBinaries()) return true
  if (process.env.CI === 'true') throw new Error('PostgreSQL server binaries not found (CI must install postgresql)')
  return false
}

export const startPgCluster = (options: { port?: number } = {}): Promise<PgCluster> => startCluster(options)
export const freePort = (): Promise<number> => freePortJs()
