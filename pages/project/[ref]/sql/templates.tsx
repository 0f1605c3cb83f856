import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { SnippetCataloguePage } from '@/components/interfaces/SQLEditor/SnippetCataloguePage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** The library's templates; picking one opens a new query with its SQL. */
const TemplatesPage: NextPageWithLayout = () => <SnippetCataloguePage type="template" />

TemplatesPage.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default TemplatesPage
