import fs from 'node:fs'
import path from 'node:path'
import Head from 'next/head'
import type { GetStaticPaths, GetStaticProps } from 'next'
import { Marked } from 'marked'
import { gfmHeadingId } from 'marked-gfm-heading-id'
import { PublicLayout } from '@/components/layouts/PublicLayout'
import { docsNavigation } from '@/components/layouts/section-navigation'
import { PRODUCT_NAME } from '@/lib/constants'

type Props = { slug: string; title: string; html: string; pages: { slug: string; title: string }[] }

const DOCS_DIR = path.join(process.cwd(), 'docs')
const titleOf = (markdown: string, slug: string) => /^#\s+(.+)$/m.exec(markdown)?.[1] ?? slug

/**
 * The user docs in docs/*.md, rendered at build time so the dashboard can link to them. Public:
 * the app's header is there for everyone, with a Sign in link for a visitor; the list of pages is
 * the side navigation (the mobile menu on a phone).
 */
export default function DocsPage({ slug, title, html, pages }: Props) {
  return (
    <PublicLayout breadcrumbs={[{ label: 'Docs', href: '/docs/quick-start' }, { label: title }]} navigation={docsNavigation({ pages, current: slug })}>
      <Head>
        <title>{`${title} | ${PRODUCT_NAME} docs`}</title>
      </Head>
      <article className="docs-prose mx-auto w-full max-w-3xl min-w-0 px-4 py-8 sm:px-6 sm:py-10" dangerouslySetInnerHTML={{ __html: html }} />
    </PublicLayout>
  )
}

export const getStaticPaths: GetStaticPaths = async () => ({
  paths: fs
    .readdirSync(DOCS_DIR)
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ params: { slug: f.replace(/\.md$/, '') } })),
  fallback: false,
})

export const getStaticProps: GetStaticProps<Props> = async ({ params }) => {
  const slug = String(params?.slug)
  const markdown = fs.readFileSync(path.join(DOCS_DIR, `${slug}.md`), 'utf8')
  const pages = fs
    .readdirSync(DOCS_DIR)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const s = f.replace(/\.md$/, '')
      return { slug: s, title: titleOf(fs.readFileSync(path.join(DOCS_DIR, f), 'utf8'), s) }
    })
  const html = await new Marked().use(gfmHeadingId()).parse(markdown)
  return { props: { slug, title: titleOf(markdown, slug), html, pages } }
}
