/**
 * A project's storage (the service at {site}/p/{ref}/storage/v1) as the dashboard manages it:
 * Storage → Buckets and the file explorer. Names follow Supabase's storage server's rules, here
 * and in the service itself (server/storage/names.ts reads them from this file).
 */
import { z } from 'zod'
import { projectParams } from './projects'

/** A bucket's name (and id): what Supabase's storage server accepts. */
export const BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]{1,100}$/
/** An object's key: folders are `/`-separated parts of it. */
export const OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/
/** Keys longer than this (in bytes) are refused: what an S3 store takes whole. */
export const MAX_KEY_BYTES = 1024
/** The object a folder with nothing in it holds, as Supabase's dashboard makes it. */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder'
export const STORAGE_LIST_LIMIT = 1000

const bucketName = z
  .string()
  .regex(BUCKET_NAME, "A bucket name has 1 to 100 letters, digits and the characters _ ! . * ' ( ) & $ = @ ; : + , ? - and spaces")
  .refine((name) => name.trim() === name, 'A bucket name does not start or end with a space')

const objectPath = z
  .string()
  .min(1, 'Give the object a name')
  .regex(OBJECT_KEY, "A name has letters, digits, spaces and the characters / _ ! . * ' ( ) & $ = @ ; : + , ? -")
  .refine((key) => new TextEncoder().encode(key).length <= MAX_KEY_BYTES, `A name is at most ${MAX_KEY_BYTES} bytes`)
  .refine((key) => !key.split('/').some((part) => part === '' || part === '.' || part === '..'), 'A name has no empty, `.` or `..` parts')

const mimeTypes = z.array(z.string().trim().min(1).max(200)).max(100).nullable()

export const storageBucket = z.object({
  id: z.string(),
  name: z.string(),
  public: z.boolean(),
  /** The largest object it takes, in bytes; null for the plan's limit. */
  file_size_limit: z.number().nullable(),
  /** The MIME types it takes (`image/*` for any image); null for any. */
  allowed_mime_types: z.array(z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type StorageBucket = z.infer<typeof storageBucket>

export const storageBucketParams = projectParams.extend({ id: bucketName })

export const createStorageBucketBody = z.object({
  name: bucketName,
  public: z.boolean().default(false),
  file_size_limit: z.number().int().positive().nullable().default(null),
  allowed_mime_types: mimeTypes.default(null),
})
export type CreateStorageBucketBody = z.input<typeof createStorageBucketBody>

export const updateStorageBucketBody = z
  .object({
    public: z.boolean(),
    file_size_limit: z.number().int().positive().nullable(),
    allowed_mime_types: mimeTypes,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change')
export type UpdateStorageBucketBody = z.input<typeof updateStorageBucketBody>

/** One entry of a folder's list: a file (with an id and metadata) or a folder (id null). */
export const storageEntry = z.object({
  name: z.string(),
  id: z.string().nullable(),
  updated_at: z.string().nullable(),
  created_at: z.string().nullable(),
  last_accessed_at: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
})
export type StorageEntry = z.infer<typeof storageEntry>

export const listStorageObjectsBody = z.object({
  /** The folder, `''` for the bucket's top; no leading or trailing `/`. */
  prefix: z.string().max(MAX_KEY_BYTES).default(''),
  search: z.string().max(200).default(''),
  limit: z.number().int().min(1).max(STORAGE_LIST_LIMIT).default(200),
  offset: z.number().int().min(0).default(0),
  sort: z.enum(['name', 'updated_at', 'created_at']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
})
export type ListStorageObjectsBody = z.input<typeof listStorageObjectsBody>

/** A name already in the bucket: whatever an application stored under the service's rules. */
const existingPath = z
  .string()
  .min(1)
  .regex(OBJECT_KEY, 'Not a name an object can have')
  .refine((key) => new TextEncoder().encode(key).length <= MAX_KEY_BYTES, `A name is at most ${MAX_KEY_BYTES} bytes`)

export const removeStorageObjectsBody = z.object({
  paths: z.array(existingPath).min(1).max(STORAGE_LIST_LIMIT),
})
export const removedStorageObjects = z.object({ removed: z.number().int() })

export const moveStorageObjectBody = z.object({
  from: existingPath,
  to: objectPath,
})

export const signStorageObjectBody = z.object({
  path: existingPath,
  /** Seconds the URL works for: a minute to a year. */
  expires_in: z
    .number()
    .int()
    .min(60)
    .max(365 * 24 * 3600)
    .default(3600),
  /** Served as an attachment (a download) rather than shown. */
  download: z.boolean().default(false),
})
export const signedStorageUrl = z.object({
  url: z.string(),
  expires_at: z.string(),
})

export const storageUploadUrlBody = z.object({
  path: objectPath,
  upsert: z.boolean().default(false),
})
/** Where the browser PUTs the file's bytes (no key: the token in it is the permission), for two hours. */
export const storageUploadUrl = z.object({ url: z.string() })

export const emptiedStorageBucket = z.object({ message: z.string() })

/**
 * An S3 access key of the project (Project settings → Storage): S3 clients sign their requests to
 * `{site}/p/{ref}/storage/v1/s3` with it, and act as the service role. Its secret is shown once.
 */
export const storageS3AccessKey = z.object({
  id: z.string(),
  description: z.string(),
  access_key_id: z.string(),
  created_at: z.string(),
})
export type StorageS3AccessKey = z.infer<typeof storageS3AccessKey>

export const storageS3Connection = z.object({
  /** The S3 endpoint (path-style addressing). */
  endpoint: z.string(),
  /** The region clients sign with: the project's. */
  region: z.string(),
  keys: z.array(storageS3AccessKey),
})
export type StorageS3Connection = z.infer<typeof storageS3Connection>

export const createStorageS3AccessKeyBody = z.object({
  description: z.string().trim().min(1, 'Describe what the key is for').max(100, 'A description is at most 100 characters'),
})

/** The key as made: the only answer that carries its secret. */
export const createdStorageS3AccessKey = storageS3AccessKey.extend({ secret_access_key: z.string() })
export type CreatedStorageS3AccessKey = z.infer<typeof createdStorageS3AccessKey>

export const storageS3AccessKeyParams = projectParams.extend({ id: z.string().uuid('An access key id is a UUID') })

/** The project's storage settings (Project settings → Storage). */
export const storageSettings = z.object({
  /** The largest file any upload may be, in bytes; null for the plan's. */
  file_size_limit: z.number().int().nullable(),
  /** The plan's upload size: the most the limit may be. */
  plan_max_upload_bytes: z.number().int(),
})
export type StorageSettings = z.infer<typeof storageSettings>

export const updateStorageSettingsBody = z.object({
  file_size_limit: z.number().int('A whole number of bytes').min(1, 'At least 1 byte').nullable(),
})
