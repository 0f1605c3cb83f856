import { describe, expect, it } from 'vitest'
import { assertBucketName, assertMimeAllowed, assertObjectKey, formatBytes, parseAllowedMimeTypes, parseFileSizeLimit } from './names'

describe('storage names', () => {
  it.each(['avatars', 'my bucket', "a.b-c_d!*'()&$=@;:+,?"])('takes the bucket name %s', (name) => expect(() => assertBucketName(name)).not.toThrow())
  it.each(['', ' lead', 'trail ', 'a/b', 'ü', 'x'.repeat(101), 'a%b'])('refuses the bucket name %j', (name) => expect(() => assertBucketName(name)).toThrow('Bucket name invalid'))
  it.each(['a.png', 'folder/sub/a b.png', 'user-1/(copy) $1.txt'])('takes the key %s', (key) => expect(() => assertObjectKey(key)).not.toThrow())
  it.each(['', 'ä.png', 'a#b', 'a%20b', 'a\\b', 'a'.repeat(1025)])('refuses the key %j', (key) => expect(() => assertObjectKey(key)).toThrow('Invalid key'))

  it('reads size limits as numbers or decimal units', () => {
    expect(parseFileSizeLimit(null)).toBeNull()
    expect(parseFileSizeLimit(1024)).toBe(1024)
    expect(parseFileSizeLimit('50MB')).toBe(50_000_000)
    expect(parseFileSizeLimit('1.2345mb')).toBe(1_230_000)
    expect(parseFileSizeLimit('3B')).toBe(3)
    expect(() => parseFileSizeLimit('lots')).toThrow('Invalid file size format')
    expect(() => parseFileSizeLimit(-1)).toThrow()
  })

  it('checks MIME types as a bucket allows them', () => {
    expect(parseAllowedMimeTypes(['image/*', '', 'text/plain;charset=utf-8'])).toEqual(['image/*', 'text/plain;charset=utf-8'])
    expect(() => parseAllowedMimeTypes(['not a type'])).toThrow('mime type not a type is not supported')
    expect(() => assertMimeAllowed('image/png', ['image/*'])).not.toThrow()
    expect(() => assertMimeAllowed('image/png', null)).not.toThrow()
    expect(() => assertMimeAllowed('text/plain;charset=UTF-8', ['text/plain'])).toThrow('mime type text/plain;charset=UTF-8 is not supported')
    expect(() => assertMimeAllowed('application/pdf', ['image/png', 'image/jpeg'])).toThrow()
  })

  it('says a limit as a person reads it', () => {
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB')
    expect(formatBytes(1024 ** 3)).toBe('1 GB')
    expect(formatBytes(512)).toBe('512 bytes')
  })
})
