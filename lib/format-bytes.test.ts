import { describe, expect, it } from 'vitest'
import { formatBytes } from './format-bytes'

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [500 * 1024 * 1024, '500 MB'],
    [641_728_512, '612 MB'],
    [1073741824, '1 GB'],
    [8 * 1073741824, '8 GB'],
    [-1, '–'],
  ])('%d → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text))
})
