import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { ExtensionsPage } from '@/components/interfaces/Extensions/ExtensionsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** The project's extensions: the catalogue merged with what its database has; enable and disable. */
const Extensions: NextPageWithLayout = () => {
  const { query } = useRouter()
  if (typeof query.ref !== 'string') return null
  return <ExtensionsPage projectRef={query.ref} />
}

Extensions.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Extensions
