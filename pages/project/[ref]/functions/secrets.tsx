import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { SecretsPage } from '@/components/interfaces/EdgeFunctions/SecretsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Edge Functions → Secrets: the functions' environment. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <SecretsPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page
