import { commandSection, sectionId } from './command-section'

describe('sectionId (SPEC §3: lowercased name, hyphens for spaces)', () => {
  it.each([
    ['Navigation', 'navigation'],
    ['Feature previews', 'feature-previews'],
    ['  Current project   snippets ', 'current-project-snippets'],
    ['Docs', 'docs'],
  ])('%j → %s', (name, id) => {
    expect(sectionId(name)).toBe(id)
  })
})

describe('commandSection', () => {
  it('names its id from its name and is filtered unless told otherwise', () => {
    expect(commandSection('Theme', [])).toEqual({ id: 'theme', name: 'Theme', forceMount: false, commands: [], meta: undefined })
    expect(commandSection('Docs', [], { forceMount: true, meta: { source: 'docs' } })).toMatchObject({ id: 'docs', forceMount: true, meta: { source: 'docs' } })
  })
})
