import Head from 'next/head'
import { useEffect, useState } from 'react'
import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { SQLEditor } from '@/components/interfaces/SQLEditor/SQLEditor'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { snippetById } from '@/lib/snippets'
import { openLibrarySnippet } from '@/state/sql-editor'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

const SqlEditorPage: NextPageWithLayout = () => {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  const id = typeof query.id === 'string' ? query.id : undefined
  // `?snippet=<id>` (from the snippet library) starts a new query from that snippet's SQL. It is
  // put in the store while rendering, before the editor mounts and reads it; once per snippet, so
  // the user's edits are not overwritten by the next render.
  const picked = id === 'new' ? snippetById(query.snippet) : undefined
  const pickedKey = ref && picked ? `${ref}/${picked.id}` : null
  const [opened, setOpened] = useState<string | null>(null)
  if (picked && pickedKey && opened !== pickedKey) {
    setOpened(pickedKey)
    openLibrarySnippet(`${ref}/${id}`, picked.sql)
  }

  // SPEC §2: opening an editor page with an id records it as the project's last-visited item.
  useEffect(() => {
    if (ref && id) localStorage.setItem(LOCAL_STORAGE_KEYS.LAST_VISITED_SNIPPET(ref), id)
  }, [ref, id])

  if (!ref || !id) return null
  return (
    <>
      <Head>
        <title>{`SQL Editor | ${PRODUCT_NAME}`}</title>
      </Head>
      <SQLEditor key={`${ref}/${id}/${picked?.id ?? ''}`} projectRef={ref} id={id} />
    </>
  )
}

SqlEditorPage.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default SqlEditorPage
