/** An organization with the caller's role in it, as the control plane reads it. */
import type { Organization, OrganizationRole } from '@/lib/api-types'

export type OrgRow = {
  id: number
  name: string
  slug: string
  billing_email: string | null
  plan: Organization['plan']['id']
  restriction_status: Organization['restriction_status']
  restriction_data: Organization['restriction_data']
  role: OrganizationRole
}
