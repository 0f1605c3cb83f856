/** Keys of a project's logs: everything below `['projects', ref, 'logs']`, one entry per source and filter set. */
export const logKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'logs'] as const,
  list: (ref: string | undefined, filters: LogFilters) => ['projects', ref, 'logs', filters] as const,
}

export type LogFilters = { source: string; start: string; end: string; level?: string; search?: string }
