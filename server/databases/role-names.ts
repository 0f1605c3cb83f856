/**
 * The names of a project's roles and database on its server: `p_<ref>` (the project's role and
 * its database), `p_<ref>_ro` (read-only), `p_<ref>_svc` (the platform's own login as the
 * project's role, service-role.ts).
 */

export const ownerRoleOf = (ref: string) => `p_${ref}`
export const readOnlyRoleOf = (ref: string) => `p_${ref}_ro`
export const serviceRoleOf = (ref: string) => `p_${ref}_svc`
/** The project's data API login (PostgREST and storage connect as it, then take the request's role). */
export const apiLoginOf = (ref: string) => `p_${ref}_api`

export function assertName(name: string) {
  // Postgres cuts identifiers at 63 bytes: two projects must never share a cut name.
  if (!/^p_[a-z0-9][a-z0-9_-]*$/.test(name) || name.length > 63) throw new Error(`invalid project role name: ${name}`)
}
