import Head from 'next/head'
import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { SqlEditorWorkspace } from '@/components/interfaces/SQLEditor/SqlEditorWorkspace'
import { snippetById } from '@/lib/snippets'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

/**
 * /project/{ref}/sql/{id}: a saved snippet, or `new` for one not saved yet. `?snippet=<id>` (from
 * the snippet library) starts the new one from that library snippet's SQL.
 */
const SqlEditorPage: NextPageWithLayout = () => {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  const id = typeof query.id === 'string' ? query.id : undefined
  const picked = id === 'new' ? snippetById(query.snippet) : undefined

  if (!ref || !id) return null
  return (
    <>
      <Head>
        <title>{`SQL Editor | ${PRODUCT_NAME}`}</title>
      </Head>
      <SqlEditorWorkspace projectRef={ref} id={id} librarySnippet={picked && { id: picked.id, sql: picked.sql }} />
    </>
  )
}

SqlEditorPage.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default SqlEditorPage
