import Head from 'next/head'
import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { SQLEditor } from '@/components/interfaces/SQLEditor/SQLEditor'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

const SqlEditorPage: NextPageWithLayout = () => {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  const id = typeof query.id === 'string' ? query.id : undefined

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
      <SQLEditor key={`${ref}/${id}`} projectRef={ref} id={id} />
    </>
  )
}

SqlEditorPage.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default SqlEditorPage
