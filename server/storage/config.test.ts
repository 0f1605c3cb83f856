import { describe, expect, it } from 'vitest'
import { readStorageConfig } from './config'

const reader = (vars: Record<string, string>) => (name: string) => vars[name]
const S3 = { STORAGE_BACKEND: 's3', STORAGE_S3_BUCKET: 'files', STORAGE_S3_ACCESS_KEY_ID: 'id', STORAGE_S3_SECRET_ACCESS_KEY: 'secret' }

describe('where storage keeps bytes', () => {
  it('keeps them under DATA_DIR unless told otherwise', () => {
    expect(readStorageConfig(reader({}))).toEqual({ backend: 'file' })
  })

  it('reads an S3 bucket, path style for a store of its own endpoint', () => {
    expect(readStorageConfig(reader(S3))).toEqual({ backend: 's3', bucket: 'files', endpoint: undefined, region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: false, prefix: '' })
    expect(readStorageConfig(reader({ ...S3, STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000', STORAGE_S3_PREFIX: 'platform/objects/' }))).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'platform/objects/',
    })
  })

  it('says what is missing or wrong', () => {
    expect(() => readStorageConfig(reader({ STORAGE_BACKEND: 'disk' }))).toThrow('STORAGE_BACKEND must be file or s3, got "disk"')
    expect(() => readStorageConfig(reader({ STORAGE_BACKEND: 's3' }))).toThrow('STORAGE_BACKEND=s3 needs STORAGE_S3_BUCKET')
    expect(() => readStorageConfig(reader({ ...S3, STORAGE_S3_ENDPOINT: 'ftp://x' }))).toThrow('STORAGE_S3_ENDPOINT must be an http(s) URL')
    expect(() => readStorageConfig(reader({ ...S3, STORAGE_S3_PREFIX: '../' }))).toThrow('STORAGE_S3_PREFIX must be folder names')
  })
})
