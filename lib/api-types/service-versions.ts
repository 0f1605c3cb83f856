import { z } from 'zod'

/** One service of a project and the version it runs; `version` null when it cannot be read right now. */
export const serviceVersion = z.object({ name: z.string(), version: z.string().nullable() })

/** What a project runs (SPEC §7 service versions): its Postgres, its data API, the auth service, the platform. */
export const serviceVersions = z.object({
  postgres: serviceVersion,
  postgrest: serviceVersion,
  auth: serviceVersion,
  platform: serviceVersion,
})
export type ServiceVersions = z.infer<typeof serviceVersions>

/** An extension of the project's database that is older than the version its server ships (and can be updated to it). */
export const outdatedExtension = z.object({ name: z.string(), installed_version: z.string(), default_version: z.string() })
export type OutdatedExtension = z.infer<typeof outdatedExtension>

/** What the last upgrade did, or why it failed (nothing is changed by a failed one). */
export const lastUpgrade = z.object({
  at: z.string(),
  ok: z.boolean(),
  note: z.string(),
  /** The server version the upgrade ran on. */
  postgres: z.string().nullable(),
  extensions: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
})
export type LastUpgrade = z.infer<typeof lastUpgrade>

/**
 * A minor upgrade (Project settings → General): the project's extensions brought to the versions
 * its PostgreSQL server ships. `available` when at least one is behind; `unavailable_reason` says
 * why the database could not be asked (paused, given as it is, not answering).
 */
export const upgradeStatus = z.object({
  available: z.boolean(),
  postgres: z.string().nullable(),
  extensions: z.array(outdatedExtension),
  last: lastUpgrade.nullable(),
  unavailable_reason: z.string().nullable(),
})
export type UpgradeStatus = z.infer<typeof upgradeStatus>
