/**
 * One docs page (docs/<slug>.md) read for the search index: its title (the `#` heading), a
 * description (the first paragraph), and its sections (each `##`…`######` heading with the text
 * below it). Section slugs are the ids the docs page gives its headings (pages/docs/[slug].tsx
 * renders with marked and marked-gfm-heading-id): rendering the page the same way and reading the
 * ids back keeps them equal, duplicates (`-1`, `-2`) included.
 */
import { Marked, type Token, type Tokens } from 'marked'
import { gfmHeadingId, getHeadingList, resetHeadings } from 'marked-gfm-heading-id'

export type DocsSection = { heading: string; slug: string; content: string }

export type DocsPage = {
  slug: string
  /** `/docs/<slug>`, where the dashboard shows the page. */
  path: string
  title: string
  description: string | null
  /** Text between the title and the first section. */
  intro: string
  sections: DocsSection[]
}

/** A description is a preview line, not the page. */
const DESCRIPTION_MAX_CHARS = 300

/** Block tokens end with a space, so that the words of two paragraphs or list items stay apart. */
const BLOCKS = new Set(['paragraph', 'heading', 'list_item', 'code', 'blockquote', 'html', 'hr', 'space', 'def'])

function tokenText(token: Token): string {
  switch (token.type) {
    case 'list':
      return (token as Tokens.List).items.map(tokenText).join(' ')
    case 'table': {
      const table = token as Tokens.Table
      return [table.header, ...table.rows].flat().map((cell) => textOf(cell.tokens)).join(' ')
    }
    case 'html':
      return token.text.replace(/<[^>]*>/g, ' ')
    case 'br':
      return ' '
  }
  if ('tokens' in token && Array.isArray(token.tokens)) return textOf(token.tokens as Token[])
  return 'text' in token && typeof token.text === 'string' ? token.text : ''
}

function textOf(tokens: Token[]): string {
  return tokens.map((token) => tokenText(token) + (BLOCKS.has(token.type) ? ' ' : '')).join('')
}

/** Plain text of tokens: the words a reader sees, without markdown or HTML. */
function plainText(tokens: Token[]): string {
  return textOf(tokens).replace(/\s+/g, ' ').trim()
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export function parseDocsPage(slug: string, markdown: string): DocsPage {
  const marked = new Marked().use(gfmHeadingId())
  const tokens = marked.lexer(markdown)
  // Rendering assigns the ids exactly as the docs page does; the list is read back at once
  // (the plugin keeps it in module state, reset per page, and rendering is synchronous).
  resetHeadings()
  marked.parser(tokens)
  const rendered = getHeadingList()

  const headingIds = new Map<Token, string>()
  let n = 0
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') {
      const heading = rendered[n++]
      if (heading) headingIds.set(token, heading.id)
    }
  })

  let title: string | null = null
  let description: string | null = null
  const introTokens: Token[] = []
  const sections: { heading: string; slug: string; tokens: Token[] }[] = []
  for (const token of tokens) {
    if (token.type === 'heading') {
      const { depth } = token as Tokens.Heading
      const id = headingIds.get(token)
      const text = plainText((token as Tokens.Heading).tokens)
      if (depth === 1 && title === null && sections.length === 0) {
        title = text
        continue
      }
      if (depth > 1 && id) {
        sections.push({ heading: text, slug: id, tokens: [] })
        continue
      }
    }
    if (sections.length > 0) sections[sections.length - 1].tokens.push(token)
    else {
      introTokens.push(token)
      if (description === null && token.type === 'paragraph') description = truncate(plainText([token]), DESCRIPTION_MAX_CHARS)
    }
  }

  return {
    slug,
    path: `/docs/${slug}`,
    title: title ?? slug,
    description: description || null,
    intro: plainText(introTokens),
    sections: sections.map((s) => ({ heading: s.heading, slug: s.slug, content: plainText(s.tokens) })),
  }
}

/** Everything searchable on the page, as one text (similar-spelling search, hashing). */
export function pageText(page: DocsPage): string {
  return [page.title, page.intro, ...page.sections.flatMap((s) => [s.heading, s.content])].filter(Boolean).join('\n')
}
