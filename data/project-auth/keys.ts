/**
 * A project's own users and their auth settings. Everything sits under `all`, so a change to a
 * user refreshes every page of the list by prefix; the settings have a key of their own.
 */
export type ProjectUsersListVars = { page: number; perPage: number; keywords: string }

export const projectAuthKeys = {
  all: (projectRef: string | undefined) => ['projects', projectRef, 'auth'] as const,
  config: (projectRef: string | undefined) => ['projects', projectRef, 'auth', 'config'] as const,
  users: (projectRef: string | undefined) => ['projects', projectRef, 'auth', 'users'] as const,
  usersList: (projectRef: string | undefined, vars: ProjectUsersListVars) => ['projects', projectRef, 'auth', 'users', vars] as const,
}
