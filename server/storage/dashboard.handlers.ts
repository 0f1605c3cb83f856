/**
 * Storage → Buckets and the file explorer: the routes of lib/api-types/storage.routes.ts. Each runs
 * one of the storage API's own endpoints (storage-service.ts `act`) as the service role, with the
 * member's role already checked by the roles policy, so the dashboard and an application meet the
 * same rules. Files go up and down by signed URLs to the project's storage itself.
 */
import type { storageRoutes, StorageBucket, StorageEntry } from '@/lib/api-types'
import type { Handlers, ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { PlatformError } from '../kernel/errors'
import { ownOrigin } from '../auth/redirects'
import { notServingMessage, restrictedMessage } from '../sql/not-serving'
import type { GatedProject } from '../gateway/types'
import { fromDatabase, isStorageError, type StorageError } from './errors'
import { storageService } from './storage-service'
import { createAccessKey, listAccessKeys, revokeAccessKey } from './s3/access-keys'
import { projectFileSizeLimit, setProjectFileSizeLimit } from './settings'
import { formatBytes } from './names'
import { planNumbers } from '@/lib/billing/plan-table'

export const GIVEN_DATABASE_STORAGE = "A project's storage lives in a database the platform manages; this project's database is given as it is (DATABASE_URL)."

/** Sentences for the dashboard where the storage API's own are written for programs. */
const SENTENCES: Record<string, (name: string) => string> = {
  NoSuchBucket: (name) => `This project has no bucket named “${name}”.`,
  BucketAlreadyExists: (name) => `A bucket named “${name}” already exists.`,
  ResourceNotEmpty: (name) => `The bucket “${name}” still holds files: empty it first.`,
  NoSuchKey: () => 'That file is no longer there: it was moved or deleted.',
  KeyAlreadyExists: () => 'A file of that name is already there: choose another name, or delete that one first.',
  ResourceAlreadyExists: () => 'A file of that name is already there: choose another name, or delete that one first.',
}

function gatedProject(access: ProjectAccess): GatedProject {
  if (access.organization_restriction_status === 'restricted') throw new PlatformError(402, restrictedMessage(access.organization_quota_note))
  if ((access.status !== 'ACTIVE_HEALTHY' && access.status !== 'ACTIVE_UNHEALTHY') || !access.db_location)
    throw new PlatformError(409, notServingMessage(access.status))
  if (access.db_location.given) throw new PlatformError(409, GIVEN_DATABASE_STORAGE)
  return {
    id: access.id,
    ref: access.ref,
    region: access.region,
    organization_id: access.organization_id,
    status: access.status,
    db_location: access.db_location,
    read_only: access.read_only_enforced,
    plan: access.plan,
  }
}

/** The HTTP status a storage error stands for (its `statusCode`), as the dashboard's routes answer. */
function asPlatformError(error: StorageError, name: string): PlatformError {
  const status = Number(error.statusCode)
  return new PlatformError(status >= 400 && status < 600 ? status : error.httpStatus, SENTENCES[error.code]?.(name) ?? error.message)
}

type Request = Parameters<ReturnType<typeof storageService>['act']>[1]

/** One storage endpoint's answer body for the member; `name` is what its errors speak of. */
async function act<T>(platform: Platform, access: ProjectAccess, request: Request, name = ''): Promise<T> {
  try {
    const answer = await storageService(platform).act(gatedProject(access), request, access.read_only_note ?? null)
    return answer?.body as T
  } catch (error) {
    if (isStorageError(error)) throw asPlatformError(error, name)
    const known = fromDatabase(error)
    if (known) throw asPlatformError(known, name)
    throw error
  }
}

/** A bucket and a name as a path below the storage API, each part percent-encoded (a URL, and what the gateway hands over). */
const encoded = (...parts: string[]) =>
  parts
    .flatMap((part) => part.split('/'))
    .map(encodeURIComponent)
    .join('/')

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString())

type BucketRow = StorageBucket & Record<string, unknown>
const toBucket = (row: BucketRow): StorageBucket => ({
  id: row.id,
  name: row.name,
  public: row.public,
  file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
  allowed_mime_types: row.allowed_mime_types,
  created_at: iso(row.created_at)!,
  updated_at: iso(row.updated_at)!,
})

async function bucket(platform: Platform, access: ProjectAccess, id: string): Promise<StorageBucket> {
  return toBucket(await act<BucketRow>(platform, access, { method: 'GET', rest: `/bucket/${encoded(id)}` }, id))
}

export const storageHandlers: Handlers<typeof storageRoutes> = {
  listStorageBuckets: async ({ platform, access }) => {
    const rows = await act<BucketRow[]>(platform, access, {
      method: 'GET',
      rest: '/bucket',
      query: { sortColumn: 'name' },
    })
    return rows.map(toBucket)
  },

  createStorageBucket: async ({ platform, access, body }) => {
    await act(platform, access, { method: 'POST', rest: '/bucket', body: { id: body.name, ...body } }, body.name)
    return bucket(platform, access, body.name)
  },

  updateStorageBucket: async ({ platform, access, params, body }) => {
    await act(platform, access, { method: 'PUT', rest: `/bucket/${encoded(params.id)}`, body }, params.id)
    return bucket(platform, access, params.id)
  },

  deleteStorageBucket: async ({ platform, access, params }) => {
    await act(platform, access, { method: 'DELETE', rest: `/bucket/${encoded(params.id)}` }, params.id)
    return undefined
  },

  emptyStorageBucket: async ({ platform, access, params }) => {
    await act(platform, access, { method: 'POST', rest: `/bucket/${encoded(params.id)}/empty` }, params.id)
    return { message: `The bucket “${params.id}” is empty.` }
  },

  listStorageObjects: async ({ platform, access, params, body }) => {
    const rows = await act<StorageEntry[]>(
      platform,
      access,
      {
        method: 'POST',
        rest: `/object/list/${encoded(params.id)}`,
        body: {
          prefix: body.prefix,
          search: body.search,
          limit: body.limit,
          offset: body.offset,
          sortBy: { column: body.sort, order: body.order },
        },
      },
      params.id
    )
    return rows.map((row) => ({
      ...row,
      updated_at: iso(row.updated_at),
      created_at: iso(row.created_at),
      last_accessed_at: iso(row.last_accessed_at),
    }))
  },

  removeStorageObjects: async ({ platform, access, params, body }) => {
    const rows = await act<unknown[]>(
      platform,
      access,
      {
        method: 'DELETE',
        rest: `/object/${encoded(params.id)}`,
        body: { prefixes: body.paths },
      },
      params.id
    )
    return { removed: rows.length }
  },

  moveStorageObject: async ({ platform, access, params, body }) => {
    await act(
      platform,
      access,
      {
        method: 'POST',
        rest: '/object/move',
        body: {
          bucketId: params.id,
          sourceKey: body.from,
          destinationKey: body.to,
        },
      },
      params.id
    )
    return undefined
  },

  signStorageObject: async ({ platform, req, access, params, body }) => {
    const { signedURL } = await act<{ signedURL: string }>(
      platform,
      access,
      { method: 'POST', rest: `/object/sign/${encoded(params.id, body.path)}`, body: { expiresIn: body.expires_in } },
      params.id
    )
    const token = new URL(signedURL, 'http://storage').searchParams.get('token')!
    const download = body.download ? `&download=${encodeURIComponent(body.path.split('/').pop()!)}` : ''
    return {
      url: `${ownOrigin(platform, req)}/p/${access.ref}/storage/v1/object/sign/${encoded(params.id, body.path)}?token=${token}${download}`,
      expires_at: new Date(Date.now() + body.expires_in * 1000).toISOString(),
    }
  },

  createStorageUploadUrl: async ({ platform, req, access, params, body }) => {
    const { token } = await act<{ token: string }>(
      platform,
      access,
      { method: 'POST', rest: `/object/upload/sign/${encoded(params.id, body.path)}`, headers: { 'x-upsert': String(body.upsert) } },
      params.id
    )
    return { url: `${ownOrigin(platform, req)}/p/${access.ref}/storage/v1/object/upload/sign/${encoded(params.id, body.path)}?token=${token}` }
  },

  getStorageS3Connection: async ({ platform, req, access }) => ({
    endpoint: `${ownOrigin(platform, req)}/p/${access.ref}/storage/v1/s3`,
    region: access.region,
    keys: await listAccessKeys(platform, access.ref),
  }),

  createStorageS3AccessKey: async ({ platform, access, body }) => createAccessKey(platform, access.ref, body.description),

  deleteStorageS3AccessKey: async ({ platform, access, params }) => {
    if (!(await revokeAccessKey(platform, access.ref, params.id))) throw new PlatformError(404, 'This project has no such access key: it may have been revoked already.')
    return undefined
  },

  getStorageSettings: async ({ platform, access }) => ({
    file_size_limit: await projectFileSizeLimit(platform, access.ref),
    plan_max_upload_bytes: planMaxUploadBytes(access),
  }),

  updateStorageSettings: async ({ platform, access, body }) => {
    const planMax = planMaxUploadBytes(access)
    if (body.file_size_limit !== null && body.file_size_limit > planMax)
      throw new PlatformError(400, `The upload limit can be at most ${formatBytes(planMax)}, this project's plan's upload size. Upgrade the plan for larger files.`)
    await setProjectFileSizeLimit(platform, access.ref, body.file_size_limit)
    return { file_size_limit: body.file_size_limit, plan_max_upload_bytes: planMax }
  },
}

function planMaxUploadBytes(access: ProjectAccess): number {
  return planNumbers(access.plan).limits.maxUploadBytes ?? Number.MAX_SAFE_INTEGER
}
