/**
 * The client libraries the API docs list (SPEC §3 Client library entry): official ones first,
 * then the community's. Data only; the API docs panel renders it.
 */
export type ClientLibrary = { name: string; url: string }

export type ClientLibraryEntry = {
  language: string
  key: string
  is_officially_supported: boolean
  libraries: ClientLibrary[]
}

const github = (path: string) => `https://github.com/${path}`

export const CLIENT_LIBRARIES: readonly ClientLibraryEntry[] = [
  {
    language: 'Javascript',
    key: 'javascript',
    is_officially_supported: true,
    libraries: [
      { name: 'supabase-js', url: github('supabase/supabase-js') },
      { name: 'auth-js', url: github('supabase/auth-js') },
    ],
  },
  {
    language: 'Python',
    key: 'python',
    is_officially_supported: true,
    libraries: [{ name: 'supabase-py', url: github('supabase/supabase-py') }],
  },
  {
    language: 'C#',
    key: 'csharp',
    is_officially_supported: false,
    libraries: [
      { name: 'supabase-csharp', url: github('supabase-community/supabase-csharp') },
      { name: 'gotrue-csharp', url: github('supabase-community/gotrue-csharp') },
    ],
  },
  {
    language: 'Dart (Flutter)',
    key: 'dart',
    is_officially_supported: false,
    libraries: [{ name: 'supabase-flutter', url: github('supabase/supabase-flutter') }],
  },
  {
    language: 'Go',
    key: 'go',
    is_officially_supported: false,
    libraries: [
      { name: 'supabase-go', url: github('supabase-community/supabase-go') },
      { name: 'gotrue-go', url: github('supabase-community/gotrue-go') },
    ],
  },
  {
    language: 'Java',
    key: 'java',
    is_officially_supported: false,
    libraries: [
      { name: 'gotrue-java', url: github('supabase-community/gotrue-java') },
      { name: 'storage-java', url: github('supabase-community/storage-java') },
    ],
  },
  {
    language: 'Kotlin',
    key: 'kotlin',
    is_officially_supported: false,
    libraries: [{ name: 'supabase-kt', url: github('supabase-community/supabase-kt') }],
  },
  {
    language: 'Ruby',
    key: 'ruby',
    is_officially_supported: false,
    libraries: [{ name: 'supabase-rb', url: github('supabase-community/supabase-rb') }],
  },
  {
    language: 'Rust',
    key: 'rust',
    is_officially_supported: false,
    libraries: [{ name: 'postgrest-rs', url: github('supabase-community/postgrest-rs') }],
  },
  {
    language: 'Swift',
    key: 'swift',
    is_officially_supported: false,
    libraries: [{ name: 'supabase-swift', url: github('supabase/supabase-swift') }],
  },
  {
    language: 'Godot GDScript',
    key: 'gdscript',
    is_officially_supported: false,
    libraries: [{ name: 'godot-engine.supabase', url: github('supabase-community/godot-engine.supabase') }],
  },
]

export const officialClientLibraries = () => CLIENT_LIBRARIES.filter((entry) => entry.is_officially_supported)
export const communityClientLibraries = () => CLIENT_LIBRARIES.filter((entry) => !entry.is_officially_supported)
