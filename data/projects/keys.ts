export const projectKeys = {
  list: () => ['projects'] as const,
  detail: (ref: string | undefined) => ['projects', ref, 'detail'] as const,
  branches: (ref: string | undefined) => ['projects', ref, 'branches'] as const,
  serviceVersions: (ref: string | undefined) => ['projects', ref, 'service-versions'] as const,
  pauseStatus: (ref: string | undefined) => ['projects', ref, 'pause-status'] as const,
  upgradeStatus: (ref: string | undefined) => ['projects', ref, 'upgrade-status'] as const,
  transferPreview: (ref: string | undefined, targetSlug: string | undefined) => ['projects', ref, 'transfer-preview', targetSlug] as const,
}
