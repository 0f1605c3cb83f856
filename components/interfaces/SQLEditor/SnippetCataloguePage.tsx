import clsx from 'clsx'
import Head from 'next/head'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { PRODUCT_NAME } from '@/lib/constants'
import { snippetsOfType, type Snippet, type SnippetType } from '@/lib/snippets'
import { SnippetCatalogue } from './SnippetCatalogue'

const PAGES: Record<SnippetType, { label: string; path: string; intro: string }> = {
  template: {
    label: 'Templates',
    path: 'templates',
    intro: 'Ready-made SQL for everyday work on your database: shape tables, look at what the server is doing, add auth hooks.',
  },
  quickstart: {
    label: 'Quickstarts',
    path: 'quickstarts',
    intro: 'Complete sample schemas to start an app from, with row-level security where users own data.',
  },
}

/** Where a picked snippet opens: a new query holding its SQL. */
export const snippetEditorHref = (ref: string, snippet: Pick<Snippet, 'id'>) => `/project/${ref}/sql/new?snippet=${snippet.id}`

/** The library page of one kind of snippet, under a project. */
export function SnippetCataloguePage({ type }: { type: SnippetType }) {
  const router = useRouter()
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  const page = PAGES[type]
  if (!ref) return null

  const tabs = [
    { label: 'New query', href: `/project/${ref}/sql/new`, current: false },
    ...(['template', 'quickstart'] as const).map((t) => ({ label: PAGES[t].label, href: `/project/${ref}/sql/${PAGES[t].path}`, current: t === type })),
  ]

  return (
    // Scrolls by itself inside the project's column, which keeps the side navigation in place.
    <div className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Head>
          <title>{`${page.label} | SQL Editor | ${PRODUCT_NAME}`}</title>
        </Head>
        <nav aria-label="SQL editor" className="mb-6 flex flex-wrap gap-1 border-b border-border">
          {tabs.map((tab) => (
            <Link
              key={tab.label}
              href={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              className={clsx(
                '-mb-px border-b-2 px-3 py-2 text-sm',
                tab.current ? 'border-brand text-foreground' : 'border-transparent text-foreground-light hover:text-foreground'
              )}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
        <h1 className="text-xl font-semibold text-foreground">{page.label}</h1>
        <p className="mt-1 mb-6 max-w-2xl text-sm text-foreground-light">{page.intro}</p>
        <SnippetCatalogue snippets={snippetsOfType(type)} label={page.label} onPick={(snippet) => void router.push(snippetEditorHref(ref, snippet))} />
      </div>
    </div>
  )
}
