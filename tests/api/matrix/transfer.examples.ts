import type { transferRoutes } from '@/lib/api-types'
import type { TestPlatform } from '../../helpers/test-platform'
import { settle } from '../../helpers/test-platform'
import { unique, type Examples, type Fixture } from './types'

/**
 * A transfer needs the caller allowed in a second organization too: each call gets a target
 * organization (on Pro, so it has room) where the fixture's Owner and Admin are Owners, and a
 * project of its own to move, so the fixture's project stays where it is. Callers the route
 * refuses (Developer, Read-only) are refused in the source before the target is looked at.
 */
let targetSlug = ''
let movingRef = ''

async function transferTarget(tp: TestPlatform, fx: Fixture) {
  await settle(tp.platform)
  targetSlug = `matrix-target-${unique()}`
  await tp.platform.db.query(`insert into organizations (name, slug, plan, tier) values ($1, $1, 'pro', 'tier_pro')`, [targetSlug])
  await tp.platform.db.query(
    `insert into organization_members (organization_id, profile_id, role)
     select o.id, p.id, 'Owner' from organizations o, profiles p join users u on u.id = p.user_id
     where o.slug = $1 and u.email = any($2::text[])`,
    [targetSlug, [fx.emails.Owner, fx.emails.Admin]]
  )
  movingRef = `t${unique().replace(/\D/g, '')}`.slice(0, 20)
  await tp.platform.db.query(
    `insert into projects (ref, name, organization_id, status, cloud_provider, region, plan)
     select $1, $2, id, 'INACTIVE', 'AWS', 'us-east-1', plan from organizations where slug = $3`,
    [movingRef, `Matrix transfer ${movingRef}`, fx.orgSlug]
  )
}

export const transferExamples: Examples<typeof transferRoutes> = {
  previewProjectTransfer: {
    path: () => `/platform/projects/${movingRef}/transfer/preview?target_organization_slug=${targetSlug}`,
    before: transferTarget,
  },
  transferProject: {
    path: () => `/platform/projects/${movingRef}/transfer`,
    body: () => ({ target_organization_slug: targetSlug }),
    before: transferTarget,
  },
}
