import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { SnippetCataloguePage } from '@/components/interfaces/SQLEditor/SnippetCataloguePage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** The library's quickstarts; picking one opens a new query with its SQL. */
const QuickstartsPage: NextPageWithLayout = () => <SnippetCataloguePage type="quickstart" />

QuickstartsPage.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default QuickstartsPage
