import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { MembersList } from '@/components/interfaces/Organizations/MembersList'
import { InviteMemberForm } from '@/components/interfaces/Organizations/InviteMemberForm'
import { PendingInvitations } from '@/components/interfaces/Organizations/PendingInvitations'
import { useIsClient } from '@/components/ui/useIsClient'
import type { NextPageWithLayout } from '@/lib/types/page'

const TeamPage: NextPageWithLayout = () => {
  // Invitation links point at this dashboard's own address, known in the browser only.
  const isClient = useIsClient()
  const origin = isClient ? window.location.origin : ''
  return (
    <OrganizationPage section="Team">
      {(org) => (
        <div className="flex flex-col gap-6">
          <InviteMemberForm org={org} origin={origin} />
          <MembersList org={org} />
          <PendingInvitations org={org} origin={origin} />
        </div>
      )}
    </OrganizationPage>
  )
}

TeamPage.getLayout = (page) => <OrganizationLayout section="Team">{page}</OrganizationLayout>
export default TeamPage
