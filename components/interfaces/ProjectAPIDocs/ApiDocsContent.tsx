import Link from 'next/link'
import { useSnapshot } from 'valtio'
import { Alert, Button, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useApiSettingsQuery } from '@/data/api-settings/api-settings-query'
import { useApiDocsCatalogQuery } from '@/data/database/api-docs-catalog-query'
import { exposedCatalog, type ApiDocsCatalog } from '@/lib/sql/api-docs-catalog'
import { appState } from '@/state/app'
import { AuthenticationSection } from './AuthenticationSection'
import { ClientLibrariesSection } from './ClientLibrariesSection'
import { DocsSectionNav } from './DocsSectionNav'
import { DocsSectionPicker } from './DocsSectionPicker'
import { FunctionSection } from './FunctionSection'
import { IntroductionSection } from './IntroductionSection'
import { LanguageSwitch } from './LanguageSwitch'
import { TableSection } from './TableSection'
import type { SnippetContext } from './api-docs.snippets'
import { INTRODUCTION, sectionFromPath, sectionPath, type DocsSection } from './api-docs.utils'

const EMPTY: ApiDocsCatalog = { tables: [], functions: [] }

/**
 * The API docs, in the side panel and on the API docs page: section picker and language, then the
 * section. The URL, the anon key and the exposed schemas come from the API settings; tables and
 * functions from the project's database, those of the exposed schemas only. On the page, wide
 * screens list the sections beside the docs instead of the select.
 */
export function ApiDocsContent({ projectRef, layout = 'panel' }: { projectRef: string; layout?: 'panel' | 'page' }) {
  const { activeDocsSection, docsLanguage } = useSnapshot(appState)
  const section = sectionFromPath(activeDocsSection)
  const settings = useApiSettingsQuery({ projectRef })
  const catalog = useApiDocsCatalogQuery({ projectRef })
  const schemas = settings.data?.data_api.schemas ?? []
  const exposed = catalog.data && settings.data ? exposedCatalog(catalog.data, schemas) : EMPTY
  const go = (next: DocsSection) => (appState.activeDocsSection = sectionPath(next))

  const body = (
    <div className="flex min-w-0 flex-col gap-5 text-sm leading-relaxed text-foreground-light [&_code]:font-mono [&_code]:text-xs [&_code]:text-foreground">
      <div className="flex flex-wrap items-end justify-end gap-3">
        <DocsSectionPicker section={section} catalog={exposed} onChange={go} className={layout === 'page' ? 'lg:hidden' : undefined} />
        <LanguageSwitch />
      </div>
      {settings.isError && (
        <QueryErrorAlert title="Could not load the project's URL and keys" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      )}
      {catalog.isError && (
        <QueryErrorAlert title="Could not read the project's tables" error={catalog.error} onRetry={() => void catalog.refetch()} retrying={catalog.isFetching} />
      )}
      {settings.data && !settings.data.data_api.enabled && (
        <Alert variant="warning" title="The data API is turned off">
          Requests to tables and functions answer 404 until it is turned on in{' '}
          <Link href={`/project/${projectRef}/settings/api`} className="underline underline-offset-2">
            Project settings → API
          </Link>
          .
        </Alert>
      )}
      {settings.isPending ? (
        <div aria-busy="true" aria-label="Loading the API docs" className="flex flex-col gap-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-24" />
        </div>
      ) : settings.data ? (
        <Section
          section={section}
          projectRef={projectRef}
          ctx={{ url: settings.data.url, anonKey: settings.data.anon_key, defaultSchema: schemas[0] ?? 'public' }}
          catalog={exposed}
          loading={catalog.isPending}
          language={docsLanguage}
          onIntroduction={() => go(INTRODUCTION)}
        />
      ) : null}
    </div>
  )
  if (layout === 'panel') return body
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="hidden lg:block">
        <div className="sticky top-4">
          <DocsSectionNav section={section} catalog={exposed} onChange={go} />
        </div>
      </aside>
      {body}
    </div>
  )
}

function Section({
  section,
  projectRef,
  ctx,
  catalog,
  loading,
  language,
  onIntroduction,
}: {
  section: DocsSection
  projectRef: string
  ctx: SnippetContext
  catalog: ApiDocsCatalog
  loading: boolean
  language: typeof appState.docsLanguage
  onIntroduction: () => void
}) {
  switch (section.kind) {
    case 'introduction':
      return <IntroductionSection projectRef={projectRef} ctx={ctx} catalog={catalog} loading={loading} language={language} />
    case 'authentication':
      return <AuthenticationSection projectRef={projectRef} ctx={ctx} language={language} />
    case 'client-libraries':
      return <ClientLibrariesSection />
    case 'table': {
      const table = catalog.tables.find((t) => t.schema === section.schema && t.name === section.name)
      if (table) return <TableSection table={table} ctx={ctx} language={language} />
      return <Missing loading={loading} what={`${section.schema}.${section.name}`} onIntroduction={onIntroduction} />
    }
    case 'function': {
      const fn = catalog.functions.find((f) => f.schema === section.schema && f.name === section.name && f.identity === section.identity)
      if (fn) return <FunctionSection fn={fn} ctx={ctx} language={language} />
      return <Missing loading={loading} what={`${section.schema}.${section.name}(${section.identity})`} onIntroduction={onIntroduction} />
    }
  }
}

/** A picked table or function that is not (or not yet) in the catalog. */
function Missing({ loading, what, onIntroduction }: { loading: boolean; what: string; onIntroduction: () => void }) {
  if (loading)
    return (
      <div aria-busy="true" aria-label="Loading the section" className="flex flex-col gap-2">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-24" />
      </div>
    )
  return (
    <Alert
      title={`${what} is not there any more`}
      actions={
        <Button size="tiny" onClick={onIntroduction}>
          Back to the introduction
        </Button>
      }
    >
      It was renamed or dropped since it was picked, or its schema is no longer exposed.
    </Alert>
  )
}
