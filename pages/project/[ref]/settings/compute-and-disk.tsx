import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { ComputeSettingsPage } from '@/components/interfaces/ProjectSettings/ComputeSettingsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Project settings → Compute and Disk: the compute size, changing it, the disk the plan includes. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <ComputeSettingsPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page
