import { slugify } from './organizations'

it.each([
  ['Acme Inc.', 'acme-inc'],
  ['  Zürich Café  ', 'zurich-cafe'],
  ['---', 'org'],
  ['日本', 'org'],
  ['A'.repeat(80), 'a'.repeat(40)],
])('slugify(%j) = %s', (name, slug) => expect(slugify(name)).toBe(slug))
