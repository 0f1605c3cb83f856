/** A lifecycle transition claimed by an app instance (transitions.ts), as the steps that run it get it. */
import type { ProjectDbLocation } from '../databases/types'

export const TRANSITIONAL = ['PAUSING', 'RESTORING', 'RESTARTING', 'GOING_DOWN', 'RESIZING', 'UPGRADING'] as const
export type Transitional = (typeof TRANSITIONAL)[number]

export type TransitionClaim = {
  ref: string
  region: string
  status: Transitional
  attempts: number
  db_location: ProjectDbLocation | null
  /** This claim's lease (lease.ts): every statement that ends it names it. */
  lease: string
}
