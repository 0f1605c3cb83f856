/** A project's backups (under the project's key, so invalidating the project's prefix reaches them). */
export const backupKeys = {
  list: (projectRef: string | undefined) => ['projects', projectRef, 'backups'] as const,
}
