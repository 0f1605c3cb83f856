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
