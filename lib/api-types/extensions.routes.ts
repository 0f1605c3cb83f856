/**
 * Postgres extensions of a project database: the catalogue merged with what the database has; enable and disable.
 */
export const extensionRoutes = {}
