import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { PoliciesPage } from '@/components/interfaces/AuthPolicies/PoliciesPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Authentication → Policies: row level security and the policies of every table. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <PoliciesPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page
