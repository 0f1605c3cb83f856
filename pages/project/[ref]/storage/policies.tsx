import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { PoliciesPage } from '@/components/interfaces/AuthPolicies/PoliciesPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Storage → Policies: who may read and write the buckets' files. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <PoliciesPage projectRef={query.ref} scope="storage" /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page
