import { CLIENT_LIBRARIES, communityClientLibraries, officialClientLibraries } from './client-libraries'

it('lists the official languages of SPEC §3', () => {
  expect(officialClientLibraries().map((e) => e.language)).toEqual(['Javascript', 'Python'])
})

it('lists the community languages of SPEC §3', () => {
  expect(communityClientLibraries().map((e) => e.language)).toEqual(['C#', 'Dart (Flutter)', 'Go', 'Java', 'Kotlin', 'Ruby', 'Rust', 'Swift', 'Godot GDScript'])
})

it('gives every entry a unique key and at least one library with an https link', () => {
  expect(new Set(CLIENT_LIBRARIES.map((e) => e.key)).size).toBe(CLIENT_LIBRARIES.length)
  for (const entry of CLIENT_LIBRARIES) {
    expect(entry.libraries.length).toBeGreaterThan(0)
    for (const library of entry.libraries) expect(new URL(library.url).protocol).toBe('https:')
  }
})
