import Head from 'next/head'
import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { TableEditorPage } from '@/components/interfaces/TableEditor/TableEditorPage'
import { editorHref } from '@/components/interfaces/TableEditor/table-editor.utils'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

/**
 * /project/{ref}/editor/{schema}/{table}: one table opened, linkable and reloadable. A path of
 * another shape (one part, or more than two) goes back to the editor's start.
 */
const TableEditorTable: NextPageWithLayout = () => {
  const router = useRouter()
  const { ref, table: parts } = router.query
  const [schema, table, ...rest] = Array.isArray(parts) ? parts : []
  const misshapen = router.isReady && typeof ref === 'string' && (!schema || !table || rest.length > 0)
  useEffect(() => {
    if (misshapen) void router.replace(editorHref(ref, schema ?? 'public'))
  }, [misshapen, ref, schema, router])
  if (!router.isReady || typeof ref !== 'string' || !schema || !table || misshapen) return null
  return (
    <>
      <Head>
        <title>{`${table} | Table editor | ${PRODUCT_NAME}`}</title>
      </Head>
      <TableEditorPage projectRef={ref} schema={schema} table={table} onNavigate={(nextSchema, next) => void router.push(editorHref(ref, nextSchema, next))} />
    </>
  )
}

TableEditorTable.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default TableEditorTable
