/**
 * Storage → Buckets and the file explorer: the dashboard's side of a project's storage. Every
 * member lists buckets and files and opens them by a signed URL (`storage:read`); changes need
 * `storage:write`. Bytes never pass here: a file goes up to a signed upload URL and comes down
 * from a signed URL, both answered by the project's storage service itself.
 */
import { z } from 'zod'
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import {
  createStorageBucketBody,
  emptiedStorageBucket,
  listStorageObjectsBody,
  moveStorageObjectBody,
  removedStorageObjects,
  removeStorageObjectsBody,
  signedStorageUrl,
  signStorageObjectBody,
  storageBucket,
  storageBucketParams,
  storageEntry,
  storageUploadUrl,
  storageUploadUrlBody,
  updateStorageBucketBody,
} from './storage'

export const storageRoutes = {
  listStorageBuckets: route({
    method: 'GET',
    path: '/platform/storage/:ref/buckets',
    params: projectParams,
    answer: z.array(storageBucket),
    action: 'storage:read',
    scope: byProjectRef,
  }),
  createStorageBucket: route({
    method: 'POST',
    path: '/platform/storage/:ref/buckets',
    params: projectParams,
    body: createStorageBucketBody,
    answer: storageBucket,
    status: 201,
    action: 'storage:write',
    scope: byProjectRef,
  }),
  updateStorageBucket: route({
    method: 'PATCH',
    path: '/platform/storage/:ref/buckets/:id',
    params: storageBucketParams,
    body: updateStorageBucketBody,
    answer: storageBucket,
    action: 'storage:write',
    scope: byProjectRef,
  }),
  deleteStorageBucket: route({
    method: 'DELETE',
    path: '/platform/storage/:ref/buckets/:id',
    params: storageBucketParams,
    answer: z.undefined(),
    status: 204,
    action: 'storage:write',
    scope: byProjectRef,
  }),
  emptyStorageBucket: route({
    method: 'POST',
    path: '/platform/storage/:ref/buckets/:id/empty',
    params: storageBucketParams,
    answer: emptiedStorageBucket,
    action: 'storage:write',
    scope: byProjectRef,
  }),
  listStorageObjects: route({
    method: 'POST',
    path: '/platform/storage/:ref/buckets/:id/objects/list',
    params: storageBucketParams,
    body: listStorageObjectsBody,
    answer: z.array(storageEntry),
    action: 'storage:read',
    scope: byProjectRef,
  }),
  removeStorageObjects: route({
    method: 'DELETE',
    path: '/platform/storage/:ref/buckets/:id/objects',
    params: storageBucketParams,
    body: removeStorageObjectsBody,
    answer: removedStorageObjects,
    action: 'storage:write',
    scope: byProjectRef,
  }),
  moveStorageObject: route({
    method: 'POST',
    path: '/platform/storage/:ref/buckets/:id/objects/move',
    params: storageBucketParams,
    body: moveStorageObjectBody,
    answer: z.undefined(),
    status: 204,
    action: 'storage:write',
    scope: byProjectRef,
  }),
  signStorageObject: route({
    method: 'POST',
    path: '/platform/storage/:ref/buckets/:id/objects/sign',
    params: storageBucketParams,
    body: signStorageObjectBody,
    answer: signedStorageUrl,
    action: 'storage:read',
    scope: byProjectRef,
  }),
  createStorageUploadUrl: route({
    method: 'POST',
    path: '/platform/storage/:ref/buckets/:id/objects/upload-url',
    params: storageBucketParams,
    body: storageUploadUrlBody,
    answer: storageUploadUrl,
    action: 'storage:write',
    scope: byProjectRef,
  }),
}
