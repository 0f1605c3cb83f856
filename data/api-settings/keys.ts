/**
 * The project's API settings (URL, keys, data API settings). The revealed answer (with the
 * service_role key) has a key of its own, so the plain one never holds the secret.
 */
export const apiSettingsKeys = {
  all: (projectRef: string | undefined) => ['projects', projectRef, 'api-settings'] as const,
  detail: (projectRef: string | undefined, reveal: boolean) => ['projects', projectRef, 'api-settings', { reveal }] as const,
}
