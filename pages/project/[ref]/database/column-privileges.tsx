import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { ColumnPrivilegesPage } from '@/components/interfaces/ColumnPrivileges/ColumnPrivilegesPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Column-level privileges of the project's tables (a feature preview: the page says so while it is off). */
const ColumnPrivileges: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <ColumnPrivilegesPage projectRef={query.ref} /> : null
}

ColumnPrivileges.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default ColumnPrivileges
