/**
 * The `graphql` module PostGraphile itself uses. `graphql` checks schemas and errors with
 * `instanceof`, and a bundler or test runner may load its ESM build for our imports and its
 * CommonJS build for PostGraphile's: two copies that reject each other's objects. Loading it
 * through PostGraphile's own re-export gives the one copy its schemas were made with.
 */
export type GraphqlModule = typeof import('graphql')

export const loadGraphql = (): Promise<GraphqlModule> => import('postgraphile/graphql') as Promise<GraphqlModule>
