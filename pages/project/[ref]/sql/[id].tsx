import Head from 'next/head'
import { useRouter } from 'next/router'
import { useSnapshot } from 'valtio'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { SqlEditorWorkspace } from '@/components/interfaces/SQLEditor/SqlEditorWorkspace'
import { historyHandOff, historyStart } from '@/state/history-hand-off'
import { snippetById } from '@/lib/snippets'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

/**
 * /project/{ref}/sql/{id}: a saved snippet, or `new` for one not saved yet. `?snippet=<id>` (from
 * the snippet library) starts the new one from that library snippet's SQL; `?from=history` from
 * the run just chosen in the query history (state/history-hand-off.ts).
 */
const SqlEditorPage: NextPageWithLayout = () => {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  const id = typeof query.id === 'string' ? query.id : undefined
  const handOff = useSnapshot(historyHandOff)
  const picked = id === 'new' ? snippetById(query.snippet) : undefined
  const fromHistory = id === 'new' && query.from === 'history' ? historyStart(handOff) : undefined

  if (!ref || !id) return null
  return (
    <>
      <Head>
        <title>{`SQL Editor | ${PRODUCT_NAME}`}</title>
      </Head>
      <SqlEditorWorkspace projectRef={ref} id={id} librarySnippet={fromHistory ?? (picked && { id: picked.id, sql: picked.sql })} />
    </>
  )
}

SqlEditorPage.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default SqlEditorPage
