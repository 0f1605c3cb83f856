/**
 * Contracts shared by the dashboard and the built-in platform: request bodies (zod, validated at
 * the edge by the server) and the shapes of answers. The only module both halves import.
 */
export * from './errors'
export * from './profile'
export * from './organizations'
export * from './projects'
export * from './sql'
export * from './config'
export * from './regions'
