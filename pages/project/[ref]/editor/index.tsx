import Head from 'next/head'
import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { TableEditorPage } from '@/components/interfaces/TableEditor/TableEditorPage'
import { editorHref } from '@/components/interfaces/TableEditor/table-editor.utils'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

/** /project/{ref}/editor[?schema=…]: a schema's tables (public unless named), none opened yet. */
const TableEditorIndex: NextPageWithLayout = () => {
  const router = useRouter()
  const { ref, schema } = router.query
  if (typeof ref !== 'string') return null
  return (
    <>
      <Head>
        <title>{`Table editor | ${PRODUCT_NAME}`}</title>
      </Head>
      <TableEditorPage
        projectRef={ref}
        schema={typeof schema === 'string' && schema !== '' ? schema : 'public'}
        table={undefined}
        onNavigate={(nextSchema, table) => void router.push(editorHref(ref, nextSchema, table))}
      />
    </>
  )
}

TableEditorIndex.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default TableEditorIndex
