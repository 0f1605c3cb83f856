export const connectionKeys = {
  all: (projectRef: string | undefined) => ['projects', projectRef, 'connection'] as const,
  settings: (projectRef: string | undefined) => ['projects', projectRef, 'connection', 'settings'] as const,
  password: (projectRef: string | undefined) => ['projects', projectRef, 'connection', 'password'] as const,
  size: (projectRef: string | undefined) => ['projects', projectRef, 'connection', 'size'] as const,
}
