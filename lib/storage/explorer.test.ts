import { describe, expect, it } from 'vitest'
import { crumbsOf, fileFacts, folderNameProblem, joinPath, limitBytes, limitParts, mimeTypesOf, parentOf, prefixFromQuery, projectUploadLimit, shownEntries } from './explorer'

const entry = (name: string, id: string | null) => ({ name, id })

describe('the file explorer’s paths', () => {
  it('joins, climbs and breaks a prefix into crumbs', () => {
    expect(joinPath('', 'a.png')).toBe('a.png')
    expect(joinPath('avatars/2026', 'a.png')).toBe('avatars/2026/a.png')
    expect(parentOf('a/b/c')).toBe('a/b')
    expect(parentOf('a')).toBe('')
    expect(crumbsOf('')).toEqual([])
    expect(crumbsOf('a/b')).toEqual([
      { name: 'a', prefix: 'a' },
      { name: 'b', prefix: 'a/b' },
    ])
  })

  it('reads the URL’s path query, whatever slashes it has', () => {
    expect(prefixFromQuery('/a//b/')).toBe('a/b')
    expect(prefixFromQuery(undefined)).toBe('')
    expect(prefixFromQuery(['a'])).toBe('')
  })

  it('shows folders first and hides the placeholders of empty folders', () => {
    const shown = shownEntries([entry('b.txt', '1'), entry('.emptyFolderPlaceholder', '2'), entry('docs', null), entry('a.txt', '3')])
    expect(shown.map((e) => e.name)).toEqual(['docs', 'b.txt', 'a.txt'])
  })

  it('reads a file’s size and type from its metadata, and nothing from a folder', () => {
    expect(fileFacts({ metadata: { size: 12, mimetype: 'text/plain' } })).toEqual({ size: 12, mimetype: 'text/plain' })
    expect(fileFacts({ metadata: null })).toEqual({
      size: null,
      mimetype: null,
    })
  })

  it('says why a folder name will not do', () => {
    expect(folderNameProblem(' ')).toMatch(/name/)
    expect(folderNameProblem('a/b')).toMatch(/“\/”/)
    expect(folderNameProblem('..')).toMatch(/“\.\.”/)
    expect(folderNameProblem('photos')).toBeNull()
  })
})

describe('a bucket’s limits as the form has them', () => {
  it('turns an amount and a unit into bytes and back', () => {
    expect(limitBytes('50', 'MB')).toBe(50 * 1024 * 1024)
    expect(limitBytes('1.5', 'GB')).toBe(1.5 * 1024 ** 3)
    expect(limitBytes('', 'MB')).toBeNull()
    expect(limitBytes('-1', 'MB')).toBeNull()
    expect(limitParts(50 * 1024 * 1024)).toEqual({ amount: '50', unit: 'MB' })
    expect(limitParts(1536 * 1024 * 1024)).toEqual({
      amount: '1.5',
      unit: 'GB',
    })
    expect(limitParts(null)).toEqual({ amount: '', unit: 'MB' })
    expect(limitParts(1000)).toEqual({ amount: '1000', unit: 'bytes' })
    expect(limitBytes('1000', 'bytes')).toBe(1000)
  })

  const PLAN = 50 * 1024 ** 2
  it.each([
    ['10', 'MB', { bytes: 10 * 1024 ** 2 }],
    [' 1.5 ', 'KB', { bytes: 1536 }],
    ['50', 'MB', { bytes: PLAN }],
    ['1', 'bytes', { bytes: 1 }],
    ['', 'MB', { problem: 'Give the limit as a number, such as 50.' }],
    ['ten', 'MB', { problem: 'Give the limit as a number, such as 50.' }],
    ['-1', 'MB', { problem: 'The limit is at least 1 byte.' }],
    ['1e3', 'bytes', { problem: 'Give the limit as a number, such as 50.' }],
    ['0', 'GB', { problem: 'The limit is at least 1 byte.' }],
    ['0.5', 'bytes', { problem: 'The limit is at least 1 byte.' }],
    ['1.5', 'bytes', { problem: 'Give a whole number of bytes.' }],
    ['0.3', 'KB', { problem: '0.3 KB is 307.2 bytes: give a whole number of bytes.' }],
    ['50.5', 'MB', { problem: 'Your plan allows up to 50 MB: give a smaller limit, or upgrade the plan for larger files.' }],
    ['1', 'GB', { problem: 'Your plan allows up to 50 MB: give a smaller limit, or upgrade the plan for larger files.' }],
  ] as const)('the project’s upload limit %s %s → %o', (amount, unit, expected) => expect(projectUploadLimit(amount, unit, PLAN)).toEqual(expected))

  it('reads a MIME type list typed with commas or spaces', () => {
    expect(mimeTypesOf('image/png, image/*  text/plain')).toEqual(['image/png', 'image/*', 'text/plain'])
    expect(mimeTypesOf(' ')).toBeNull()
  })
})
