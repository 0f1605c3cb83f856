export const projectKeys = {
  list: () => ['projects'] as const,
  detail: (ref: string | undefined) => ['projects', ref, 'detail'] as const,
  branches: (ref: string | undefined) => ['projects', ref, 'branches'] as const,
}
