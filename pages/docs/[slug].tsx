import fs from 'node:fs'
import path from 'node:path'
import Head from 'next/head'
import Link from 'next/link'
import type { GetStaticPaths, GetStaticProps } from 'next'
import { Marked } from 'marked'
import { gfmHeadingId } from 'marked-gfm-heading-id'
import { PRODUCT_NAME } from '@/lib/constants'

type Props = { title: string; html: string; pages: { slug: string; title: string }[] }

const DOCS_DIR = path.join(process.cwd(), 'docs')
const titleOf = (markdown: string, slug: string) => /^#\s+(.+)$/m.exec(markdown)?.[1] ?? slug

/** The user docs in docs/*.md, rendered at build time so the dashboard can link to them. */
export default function DocsPage({ title, html, pages }: Props) {
  return (
    <div className="mx-auto flex max-w-5xl gap-10 px-6 py-10">
      <Head>
        <title>{`${title} | ${PRODUCT_NAME} docs`}</title>
      </Head>
      <nav aria-label="Docs" className="hidden w-48 shrink-0 flex-col gap-2 text-sm md:flex">
        <Link href="/" className="mb-2 text-foreground-light hover:text-foreground">
          ← Back to dashboard
        </Link>
        {pages.map((p) => (
          <Link key={p.slug} href={`/docs/${p.slug}`} className="text-foreground-light hover:text-foreground">
            {p.title}
          </Link>
        ))}
      </nav>
      <article className="docs-prose min-w-0 flex-1" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
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
  return { props: { title: titleOf(markdown, slug), html, pages } }
}
