// Generated from ../storage.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { storageRoutes as declaredStorageRoutes } from '../storage.routes'
import { browserRoutes } from './browser-route'

export const storageRoutes = browserRoutes<typeof declaredStorageRoutes>({
  listStorageBuckets: ['GET', '/platform/storage/:ref/buckets', 'user'],
  createStorageBucket: ['POST', '/platform/storage/:ref/buckets', 'user'],
  updateStorageBucket: ['PATCH', '/platform/storage/:ref/buckets/:id', 'user'],
  deleteStorageBucket: ['DELETE', '/platform/storage/:ref/buckets/:id', 'user'],
  emptyStorageBucket: ['POST', '/platform/storage/:ref/buckets/:id/empty', 'user'],
  listStorageObjects: ['POST', '/platform/storage/:ref/buckets/:id/objects/list', 'user'],
  removeStorageObjects: ['DELETE', '/platform/storage/:ref/buckets/:id/objects', 'user'],
  moveStorageObject: ['POST', '/platform/storage/:ref/buckets/:id/objects/move', 'user'],
  signStorageObject: ['POST', '/platform/storage/:ref/buckets/:id/objects/sign', 'user'],
  createStorageUploadUrl: ['POST', '/platform/storage/:ref/buckets/:id/objects/upload-url', 'user'],
  getStorageS3Connection: ['GET', '/platform/storage/:ref/s3', 'user'],
  createStorageS3AccessKey: ['POST', '/platform/storage/:ref/s3/access-keys', 'user'],
  deleteStorageS3AccessKey: ['DELETE', '/platform/storage/:ref/s3/access-keys/:id', 'user'],
  getStorageSettings: ['GET', '/platform/storage/:ref/settings', 'user'],
  updateStorageSettings: ['PATCH', '/platform/storage/:ref/settings', 'user'],
})
