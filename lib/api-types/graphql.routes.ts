/**
 * A project's GraphQL endpoint, generated from its database schema.
 */
export const graphqlRoutes = {}
