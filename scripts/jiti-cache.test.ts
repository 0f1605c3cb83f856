import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { jitiCacheDir } from './jiti-cache.mjs'

describe('jitiCacheDir', () => {
  const root = path.join(os.tmpdir(), 'app-that-does-not-exist')

  it('keeps jiti’s own place when node_modules can be written', () => {
    expect(jitiCacheDir(root, {}, () => true)).toBe(path.join(root, 'node_modules', '.cache', 'jiti'))
  })

  it('goes beside the data when node_modules is read-only', () => {
    const canWrite = (dir: string) => !dir.includes('node_modules')
    expect(jitiCacheDir(root, { DATA_DIR: '/srv/data' }, canWrite)).toBe(path.join('/srv/data', 'cache', 'jiti'))
    expect(jitiCacheDir(root, {}, canWrite)).toBe(path.join(root, '.data', 'cache', 'jiti'))
  })

  it('keeps no cache when nothing of the app can be written (never a shared temp directory)', () => {
    expect(jitiCacheDir(root, { DATA_DIR: '/srv/data' }, () => false)).toBe(false)
  })
})
