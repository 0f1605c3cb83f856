/**
 * Contracts shared by the dashboard and the built-in platform: the route table, request and answer
 * schemas (zod), the roles policy. The only module both halves import.
 */
export * from './errors'
export * from './profile'
export * from './permissions'
export * from './plans'
export * from './organizations'
export * from './projects'
export * from './sql'
export * from './content'
export * from './config'
export * from './regions'
export * from './auth'
export * from './route'
export * from './routes'
export * from './service.routes'
export * from './auth.routes'
export * from './profile.routes'
export * from './organizations.routes'
export * from './projects.routes'
export * from './sql.routes'
export * from './content.routes'
