/** A project's compute size (under the project's key, so invalidating the project's prefix reaches it). */
export const computeKeys = {
  detail: (projectRef: string | undefined) => ['projects', projectRef, 'compute'] as const,
}
