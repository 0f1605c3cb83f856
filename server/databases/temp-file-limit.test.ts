import os from 'node:os'
import { defaultTempFileLimit, tempFileLimitFor } from './temp-file-limit'

const GB = 1024 ** 3

it.each([
  [252 * GB, '5GB'],
  [50 * GB, '5GB'],
  [20 * GB, '2GB'],
  [8 * GB, '819MB'],
  [300 * 1024 ** 2, '64MB'],
])('a disk of %d bytes → %s', (disk, limit) => {
  expect(tempFileLimitFor(disk)).toBe(limit)
})

it('reads the size of the disk a directory is on', () => {
  expect(defaultTempFileLimit(os.tmpdir())).toMatch(/^\d+(MB|GB)$/)
})
