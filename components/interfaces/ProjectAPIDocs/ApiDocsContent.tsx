import { useSnapshot } from 'valtio'
import { Alert, Button, Skeleton } from '@/components/ui'
import { useRuntimeConfigQuery } from '@/data/config/config-query'
import { useSchemaCatalogQuery } from '@/data/database/schema-catalog-query'
import { PLATFORM_API_URL } from '@/lib/client-config'
import type { CatalogTable } from '@/lib/sql/completion'
import { appState } from '@/state/app'
import { ClientLibrariesSection } from './ClientLibrariesSection'
import { DocsSectionPicker } from './DocsSectionPicker'
import { IntroductionSection } from './IntroductionSection'
import { LanguageSwitch } from './LanguageSwitch'
import { TableSection } from './TableSection'
import { INTRODUCTION, queryEndpoint, sectionFromPath, sectionPath, signInEndpoint, type DocsSection } from './api-docs.utils'

const DEFAULT_AUTH_URL = '/auth/v1'

/** The panel's body: section picker and language, then the section. Tables come from the schema catalog. */
export function ApiDocsContent({ projectRef }: { projectRef: string }) {
  const { activeDocsSection, docsLanguage } = useSnapshot(appState)
  const section = sectionFromPath(activeDocsSection)
  const catalog = useSchemaCatalogQuery({ projectRef })
  const config = useRuntimeConfigQuery()
  const tables = catalog.data?.tables ?? []

  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin
  const url = queryEndpoint(PLATFORM_API_URL, origin, projectRef)
  const signInUrl = signInEndpoint(config.data?.authUrl ?? DEFAULT_AUTH_URL, origin)
  // Until the mode is known, show the token: platform mode is the default.
  const withToken = config.data?.isPlatform !== false
  const go = (next: DocsSection) => (appState.activeDocsSection = sectionPath(next))

  return (
    <div className="flex flex-col gap-5 text-sm leading-relaxed text-foreground-light [&_code]:font-mono [&_code]:text-xs [&_code]:text-foreground">
      <div className="flex flex-wrap items-end gap-3">
        <DocsSectionPicker section={section} tables={tables} onChange={go} />
        <LanguageSwitch />
      </div>
      {catalog.error && (
        <Alert
          variant="danger"
          title="Could not read the project's tables"
          actions={
            <Button size="tiny" onClick={() => void catalog.refetch()}>
              Try again
            </Button>
          }
        >
          {catalog.error.message}
        </Alert>
      )}
      {section.kind === 'introduction' && <IntroductionSection url={url} signInUrl={signInUrl} withToken={withToken} language={docsLanguage} />}
      {section.kind === 'client-libraries' && <ClientLibrariesSection />}
      {section.kind === 'table' && (
        <TableSectionFor section={section} tables={tables} loading={catalog.isLoading} url={url} withToken={withToken} onIntroduction={() => go(INTRODUCTION)} />
      )}
      {section.kind === 'introduction' && !catalog.isLoading && !catalog.error && tables.length === 0 && (
        <p>This project has no tables yet: once it does, each one is documented here (pick it under Section).</p>
      )}
    </div>
  )
}

function TableSectionFor({
  section,
  tables,
  loading,
  url,
  withToken,
  onIntroduction,
}: {
  section: Extract<DocsSection, { kind: 'table' }>
  tables: readonly CatalogTable[]
  loading: boolean
  url: string
  withToken: boolean
  onIntroduction: () => void
}) {
  const { docsLanguage } = useSnapshot(appState)
  const table = tables.find((t) => t.schema === section.schema && t.name === section.name)
  if (table) return <TableSection table={table} url={url} withToken={withToken} language={docsLanguage} />
  if (loading)
    return (
      <div aria-busy="true" aria-label="Loading the table" className="flex flex-col gap-2">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-24" />
      </div>
    )
  return (
    <Alert
      title={`${section.schema}.${section.name} is not there any more`}
      actions={
        <Button size="tiny" onClick={onIntroduction}>
          Back to the introduction
        </Button>
      }
    >
      It was renamed or dropped since it was picked.
    </Alert>
  )
}
