// @vitest-environment node
import { expect, it } from 'vitest'
import { uploadIdOf } from './resumable'

const id = (ref: string) => `${ref}.${'a1'.repeat(16)}`

it("finds an upload only through its own project's URL", () => {
  expect(uploadIdOf('abc', `/upload/resumable/${id('abc')}`)).toBe(id('abc'))
  // A project whose ref begins like another's does not reach the other's uploads, nor the reverse.
  expect(uploadIdOf('abc', `/upload/resumable/${id('abc_x')}`)).toBeUndefined()
  expect(uploadIdOf('abc_x', `/upload/resumable/${id('abc')}`)).toBeUndefined()
  expect(uploadIdOf('abc', '/upload/resumable')).toBeUndefined()
  expect(uploadIdOf('abc', `/upload/resumable/${id('abc')}/more`)).toBeUndefined()
  expect(uploadIdOf('abc', '/upload/resumable/abc.not-hex')).toBeUndefined()
})
