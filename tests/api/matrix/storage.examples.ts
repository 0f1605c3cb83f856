import type { storageRoutes } from '@/lib/api-types'
import { unique, type Examples } from './types'

/** A bucket no example makes: the changes it names are refused with 404 for those who may make them. */
const NONE = 'no-such-bucket'

export const storageExamples: Examples<typeof storageRoutes> = {
  listStorageBuckets: { path: (fx) => `/platform/storage/${fx.ref}/buckets` },
  createStorageBucket: {
    path: (fx) => `/platform/storage/${fx.ref}/buckets`,
    body: () => ({ name: `bucket-${unique()}` }),
  },
  updateStorageBucket: {
    path: (fx) => `/platform/storage/${fx.ref}/buckets/${NONE}`,
    body: () => ({ public: true }),
    status: 404,
  },
  deleteStorageBucket: {
    path: (fx) => `/platform/storage/${fx.ref}/buckets/${NONE}`,
    status: 404,
  },
  emptyStorageBucket: {
    path: (fx) => `/platform/storage/${fx.ref}/buckets/${NONE}/empty`,
    status: 404,
  },
  listStorageObjects: {
    path: (fx) => `/platform/storage/${fx.ref}/buckets/${NONE}/objects/list`,
    body: () => ({}),
  },
  removeStorageObjects: {
    path: (fx) => `/platform/storage/${fx.ref}/buckets/${NONE}/objects`,
    body: () => ({ paths: ['a.txt'] }),
  },
  moveStorageObject: {
    path: (fx) => `/platform/storage/${fx.ref}/buckets/${NONE}/objects/move`,
    body: () => ({ from: 'a.txt', to: 'b.txt' }),
    status: 404,
  },
  signStorageObject: {
    path: (fx) => `/platform/storage/${fx.ref}/buckets/${NONE}/objects/sign`,
    body: () => ({ path: 'a.txt' }),
    status: 404,
  },
  createStorageUploadUrl: {
    path: (fx) => `/platform/storage/${fx.ref}/buckets/${NONE}/objects/upload-url`,
    body: () => ({ path: 'a.txt' }),
    status: 404,
  },
  getStorageS3Connection: { path: (fx) => `/platform/storage/${fx.ref}/s3` },
  createStorageS3AccessKey: {
    path: (fx) => `/platform/storage/${fx.ref}/s3/access-keys`,
    body: () => ({ description: `key ${unique()}` }),
  },
  deleteStorageS3AccessKey: {
    path: (fx) => `/platform/storage/${fx.ref}/s3/access-keys/00000000-0000-4000-8000-000000000000`,
    status: 404,
  },
  getStorageSettings: { path: (fx) => `/platform/storage/${fx.ref}/settings` },
  updateStorageSettings: {
    path: (fx) => `/platform/storage/${fx.ref}/settings`,
    body: () => ({ file_size_limit: null }),
  },
}
