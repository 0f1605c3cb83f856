import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { DatabaseObjectsPage, UnknownKind } from '@/components/interfaces/DatabaseObjects/DatabaseObjectsPage'
import { isDatabaseObjectKind } from '@/lib/sql/database-objects'
import type { NextPageWithLayout } from '@/lib/types/page'

/** The project's tables, views, functions, triggers, indexes, roles, schemas or enumerated types. */
const DatabaseObjects: NextPageWithLayout = () => {
  const { query } = useRouter()
  // Before the router is ready both are missing: nothing yet, rather than a flash of "does not exist".
  if (typeof query.ref !== 'string' || query.kind === undefined) return null
  return isDatabaseObjectKind(query.kind) ? <DatabaseObjectsPage projectRef={query.ref} kind={query.kind} /> : <UnknownKind projectRef={query.ref} />
}

DatabaseObjects.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default DatabaseObjects
