/** The scopes most routes act on: a project by its ref, an organization by its slug. */
export const byProjectRef = { kind: 'project', key: (input: { params: { ref: string } }) => input.params.ref } as const
export const byOrgSlug = { kind: 'org', key: (input: { params: { slug: string } }) => input.params.slug } as const
