export const projectKeys = {
  list: () => ['projects'] as const,
  detail: (ref: string | undefined) => ['projects', ref, 'detail'] as const,
}
