import { expect, it } from 'vitest'
import { initialsOf } from './testimonials.utils'

it.each([
  ['@mira_builds', 'MB'],
  ['@tomasz.dev', 'TD'],
  ['@jonah', 'JO'],
  ['zoë', 'ZO'],
  ['@@', '?'],
  ['@émile-durand', 'ÉD'],
])('initialsOf(%s) → %s', (handle, expected) => expect(initialsOf(handle)).toBe(expected))
