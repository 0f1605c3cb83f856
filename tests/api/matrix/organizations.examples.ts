import { randomBytes } from 'node:crypto'
import type { organizationRoutes } from '@/lib/api-types'
import type { TestPlatform } from '../../helpers/test-platform'
import { unique, type Examples, type Fixture } from './types'

/**
 * Routes that remove something (an organization, a member, an invitation) get a target of their
 * own before each call, so that the fixture's organization and its members survive every call.
 */
let target = ''

const MEMBER_ROLES = ['Owner', 'Admin', 'Developer', 'Read-only'] as const

/** One more account, a member of nothing, made once: the member the member routes act on. */
let spareEmail: string | undefined
async function spare(tp: TestPlatform): Promise<string> {
  if (!spareEmail) {
    spareEmail = `matrix-spare-${unique()}@example.com`
    const { token } = await tp.signUp(spareEmail)
    await tp.call('POST', '/platform/profile', { token })
  }
  return spareEmail
}

async function addMember(tp: TestPlatform, slug: string, email: string, role: string) {
  await tp.platform.db.query(
    `insert into organization_members (organization_id, profile_id, role)
     select o.id, p.id, $3 from organizations o, profiles p join users u on u.id = p.user_id where o.slug = $1 and u.email = $2
     on conflict (organization_id, profile_id) do update set role = excluded.role`,
    [slug, email, role]
  )
}

/** The spare account as a Developer of the fixture's organization; `target` is its account id. */
async function spareDeveloper(tp: TestPlatform, fx: Fixture) {
  const email = await spare(tp)
  await addMember(tp, fx.orgSlug, email, 'Developer')
  const [row] = await tp.platform.db.query<{ id: string }>(`select id::text as id from users where email = $1`, [email])
  target = row.id
}

/**
 * An organization of its own where every role of the fixture is a member, and the spare account
 * a second Owner (so that the Owner may leave it too); `target` is its slug.
 */
async function freshOrganization(tp: TestPlatform, fx: Fixture) {
  target = `matrix-fresh-${unique()}`
  await tp.platform.db.query(`insert into organizations (name, slug, plan) values ($1, $1, 'team')`, [target])
  for (const role of MEMBER_ROLES) await addMember(tp, target, fx.emails[role], role)
  await addMember(tp, target, await spare(tp), 'Owner')
}

/** An invitation in the fixture's organization; `target` is its id, `token` its token. */
let token = ''
async function invitation(tp: TestPlatform, fx: Fixture) {
  token = randomBytes(32).toString('base64url')
  const [row] = await tp.platform.db.query<{ id: number }>(
    `insert into organization_invitations (organization_id, email, role, token, expires_at)
     select id, $2, 'Developer', $3, now() + interval '1 day' from organizations where slug = $1 returning id::int as id`,
    [fx.orgSlug, `matrix-invitee-${unique()}@example.com`, token]
  )
  target = String(row.id)
}

export const organizationExamples: Examples<typeof organizationRoutes> = {
  listOrganizations: { path: () => '/platform/organizations' },
  createOrganization: { path: () => '/platform/organizations', body: () => ({ name: `Matrix ${unique()}`, tier: 'tier_pro' }) },
  getOrganization: { path: (fx) => `/platform/organizations/${fx.orgSlug}` },
  // Renamed to the name it has: allowed roles succeed, and the fixture keeps its name.
  updateOrganization: { path: (fx) => `/platform/organizations/${fx.orgSlug}`, body: () => ({ name: 'Matrix Org' }) },
  deleteOrganization: { path: () => `/platform/organizations/${target}`, before: freshOrganization },

  listMembers: { path: (fx) => `/platform/organizations/${fx.orgSlug}/members` },
  leaveOrganization: { path: () => `/platform/organizations/${target}/leave`, before: freshOrganization },

  listInvitations: { path: (fx) => `/platform/organizations/${fx.orgSlug}/members/invitations` },
  createInvitation: {
    path: (fx) => `/platform/organizations/${fx.orgSlug}/members/invitations`,
    body: () => ({ email: `matrix-invited-${unique()}@example.com`, role: 'Developer' }),
  },
  revokeInvitation: { path: (fx) => `/platform/organizations/${fx.orgSlug}/members/invitations/${target}`, before: invitation },
  // Sent to someone else: every signed-in caller is refused, and learns nothing of the organization.
  getInvitation: { path: () => `/platform/invitations/${token}`, before: invitation, status: 403 },
  acceptInvitation: { path: (fx) => `/platform/organizations/${fx.orgSlug}/members/invitations/${token}`, before: invitation, status: 403 },
  declineInvitation: {
    path: (fx) => `/platform/organizations/${fx.orgSlug}/members/invitations/${token}/decline`,
    before: invitation,
    status: 403,
  },

  updateMember: { path: (fx) => `/platform/organizations/${fx.orgSlug}/members/${target}`, body: () => ({ role: 'Admin' }), before: spareDeveloper },
  removeMember: { path: (fx) => `/platform/organizations/${fx.orgSlug}/members/${target}`, before: spareDeveloper },
}
