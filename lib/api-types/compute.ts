import { z } from 'zod'
import { COMPUTE_SIZE_IDS } from '../compute-sizes'
import { PROJECT_STATUSES } from './projects'

export const computeSizeId = z.enum(COMPUTE_SIZE_IDS)

/** A project's compute size (Project settings → Compute and Disk); the sizes themselves are lib/compute-sizes.ts. */
export const projectCompute = z.object({
  ref: z.string(),
  status: z.enum(PROJECT_STATUSES),
  /** The size the project runs on: the one last applied, or its plan's default when none was chosen. */
  size: computeSizeId,
  /** False until a size is chosen: the database runs with the server's defaults meanwhile (docs/compute.md). */
  applied: z.boolean(),
  /** While RESIZING: the size being applied. */
  resizing_to: computeSizeId.nullable(),
  /** The sizes the organization's plan allows. */
  available: z.array(computeSizeId),
})
export type ProjectCompute = z.infer<typeof projectCompute>

export const resizeBody = z.object({ size: computeSizeId })
export type ResizeBody = z.infer<typeof resizeBody>
