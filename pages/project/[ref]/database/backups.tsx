import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { BackupsPage } from '@/components/interfaces/Backups/BackupsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Project → Database → Backups: list, back up now, restore. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <BackupsPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page
