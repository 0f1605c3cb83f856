import Head from 'next/head'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { PublicLayout } from '@/components/layouts/PublicLayout'
import { catalogueEntryFor } from '@/lib/extensions/catalogue'
import { enableExtensionSql } from '@/lib/extensions/extension-sql'
import { PRODUCT_NAME } from '@/lib/constants'

/**
 * The guide to one extension (/guides/database/extensions/{name}), where the extensions page's
 * Guide links lead: what the catalogue says of it, how to enable it, where to read more. Any name
 * gets a page: an extension a database has that the catalogue lacks is linked here too.
 */
export default function ExtensionGuidePage() {
  const { query, isReady } = useRouter()
  const name = typeof query.name === 'string' ? query.name : ''
  const entry = catalogueEntryFor(name)
  const title = name ? `The ${name} extension` : 'Extension guide'
  return (
    <PublicLayout breadcrumbs={[{ label: 'Docs', href: '/docs/extensions' }, { label: 'Extensions', href: '/docs/extensions' }, { label: name || '…' }]}>
      <Head>
        <title>{`${title} | ${PRODUCT_NAME} docs`}</title>
      </Head>
      <article className="docs-prose mx-auto w-full min-w-0 max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        {isReady && (
          <>
            <h1>{title}</h1>
            {entry ? (
              <>
                <p>{entry.comment}.</p>
                <p>Tags: {entry.tags.join(', ')}.</p>
              </>
            ) : (
              <p>This extension is not in the dashboard&apos;s catalogue; its database describes it on the extensions page.</p>
            )}
            <h2>Enable it</h2>
            <p>
              Open your project&apos;s <strong>Database → Extensions</strong> page, find {name} and switch it on: the dialog shows the SQL before it runs.
              Or run it in the SQL editor:
            </p>
            <pre>
              <code>{enableExtensionSql({ name, schema: 'public' })}</code>
            </pre>
            <p>
              Whether a project can enable it depends on its database: the extension must be installed on the server, and a project&apos;s role may
              only create extensions Postgres marks trusted. The extensions page says why when it cannot. See{' '}
              <Link href="/docs/extensions">Extensions</Link>.
            </p>
            {entry && (
              <>
                <h2>Read more</h2>
                <ul>
                  <li>
                    <a href={entry.product_url} target="_blank" rel="noreferrer">
                      {entry.product}
                    </a>
                  </li>
                  <li>
                    <a href={entry.github_url} target="_blank" rel="noreferrer">
                      Source on GitHub
                    </a>
                  </li>
                </ul>
              </>
            )}
          </>
        )}
      </article>
    </PublicLayout>
  )
}
