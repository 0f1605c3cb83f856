/**
 * The compute sizes a project can run on (SPEC §9 compute table): what each gives (memory, CPU,
 * connections, disk throughput), what it costs, and the PostgreSQL settings the platform puts on
 * the project's database for it. The one place these numbers live: the plan table, the platform's
 * resize and the Compute and Disk page all read them from here.
 *
 * Free organizations run every project on Nano; paid plans choose from Micro up, and their $10 of
 * monthly compute credits pay for one Micro.
 */
import type { PlanId } from './api-types/plans'

const MB = 1024 * 1024
const GB = 1024 * MB

export const COMPUTE_SIZE_IDS = ['nano', 'micro', 'small', 'medium', 'large'] as const
export type ComputeSizeId = (typeof COMPUTE_SIZE_IDS)[number]

/**
 * Session defaults set per database (`ALTER DATABASE … SET`): the ones PostgreSQL lets a database
 * scope. shared_buffers and max_connections are server-wide and are not set per project.
 */
export type ComputeDatabaseSettings = {
  work_mem: string
  maintenance_work_mem: string
  effective_cache_size: string
}

export type ComputeSize = {
  id: ComputeSizeId
  name: string
  memoryBytes: number
  /** 'shared' or a number of cores. */
  cpu: 'shared' | number
  /** Sessions the project's database and its own role may hold at once (CONNECTION LIMIT). */
  directConnections: number
  /** What a connection pooler in front would take; no pooler runs on this platform (docs/compute.md). */
  poolerConnections: number
  diskIoBaselineMBps: number
  diskIoMaxMBps: number
  /** Dollars per hour the project runs on it. */
  hourlyPrice: number
  /** Dollars for a month of running on it, before compute credits. */
  monthlyPrice: number
  settings: ComputeDatabaseSettings
}

export const COMPUTE_SIZES: Record<ComputeSizeId, ComputeSize> = {
  nano: {
    id: 'nano',
    name: 'Nano',
    memoryBytes: 0.5 * GB,
    cpu: 'shared',
    directConnections: 30,
    poolerConnections: 200,
    diskIoBaselineMBps: 43,
    diskIoMaxMBps: 2085,
    hourlyPrice: 0,
    monthlyPrice: 0,
    settings: { work_mem: '2MB', maintenance_work_mem: '32MB', effective_cache_size: '384MB' },
  },
  micro: {
    id: 'micro',
    name: 'Micro',
    memoryBytes: 1 * GB,
    cpu: 2,
    directConnections: 60,
    poolerConnections: 200,
    diskIoBaselineMBps: 87,
    diskIoMaxMBps: 2085,
    hourlyPrice: 0.01344,
    monthlyPrice: 10,
    settings: { work_mem: '2MB', maintenance_work_mem: '64MB', effective_cache_size: '768MB' },
  },
  small: {
    id: 'small',
    name: 'Small',
    memoryBytes: 2 * GB,
    cpu: 2,
    directConnections: 90,
    poolerConnections: 400,
    diskIoBaselineMBps: 174,
    diskIoMaxMBps: 2085,
    hourlyPrice: 0.0206,
    monthlyPrice: 15,
    settings: { work_mem: '5MB', maintenance_work_mem: '128MB', effective_cache_size: '1536MB' },
  },
  medium: {
    id: 'medium',
    name: 'Medium',
    memoryBytes: 4 * GB,
    cpu: 2,
    directConnections: 120,
    poolerConnections: 600,
    diskIoBaselineMBps: 347,
    diskIoMaxMBps: 2085,
    hourlyPrice: 0.0822,
    monthlyPrice: 60,
    settings: { work_mem: '10MB', maintenance_work_mem: '256MB', effective_cache_size: '3GB' },
  },
  large: {
    id: 'large',
    name: 'Large',
    memoryBytes: 8 * GB,
    cpu: 2,
    directConnections: 160,
    poolerConnections: 800,
    diskIoBaselineMBps: 630,
    diskIoMaxMBps: 4750,
    hourlyPrice: 0.1517,
    monthlyPrice: 110,
    settings: { work_mem: '20MB', maintenance_work_mem: '512MB', effective_cache_size: '6GB' },
  },
}

/** The size a project of a plan runs on until another is chosen. */
export const defaultComputeSize = (plan: PlanId): ComputeSizeId => (plan === 'free' ? 'nano' : 'micro')

/** The sizes a project of an organization on `plan` may choose. */
export const computeSizesFor = (plan: PlanId): ComputeSizeId[] =>
  plan === 'free' ? ['nano'] : COMPUTE_SIZE_IDS.filter((id) => id !== 'nano')

/**
 * Whether a project on `size` must move before its organization goes to `plan`: the size is larger
 * than any the plan offers (a Nano project may go to a paid plan and be resized there).
 */
export const outgrowsPlan = (plan: PlanId, size: ComputeSizeId): boolean =>
  COMPUTE_SIZE_IDS.indexOf(size) > Math.max(...computeSizesFor(plan).map((id) => COMPUTE_SIZE_IDS.indexOf(id)))

/** Why a project of an organization on `plan` may not run on `size`, in a sentence; null when it may. */
export function computeSizeRefusal(plan: PlanId, size: ComputeSizeId): string | null {
  if (computeSizesFor(plan).includes(size)) return null
  const name = COMPUTE_SIZES[size].name
  if (plan === 'free')
    return `The Free plan runs every project on Nano compute. Upgrade the organization to Pro to choose ${name}.`
  return `Nano compute is for the Free plan only; projects of paid plans run on Micro or larger.`
}

/** What a month on `size` costs an organization on a paid plan once its compute credits are taken off. */
export const monthlyPriceAfterCredits = (size: ComputeSizeId, creditsMonthly: number): number =>
  Math.max(0, COMPUTE_SIZES[size].monthlyPrice - creditsMonthly)
