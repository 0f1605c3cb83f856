// @vitest-environment node
import fs from 'node:fs'
import path from 'node:path'
import { Marked } from 'marked'
import { gfmHeadingId } from 'marked-gfm-heading-id'
import { parseDocsPage, pageText } from './markdown'

const PAGE = `# Scale out

Run **several** copies of the app behind a load balancer.

More intro, with \`code\` and a [link](https://example.com).

## Control plane

All copies share \`PLATFORM_DATABASE_URL\`.

## Control plane

The same heading twice gets a numbered id.

### Details & limits

- a list item
- another, with *emphasis*

| name | meaning |
|---|---|
| DATA_DIR | where data lives |
`

describe('parseDocsPage', () => {
  const page = parseDocsPage('scale-out', PAGE)

  it('reads the title, path and the first paragraph as description', () => {
    expect(page).toMatchObject({ slug: 'scale-out', path: '/docs/scale-out', title: 'Scale out', description: 'Run several copies of the app behind a load balancer.' })
    expect(page.intro).toContain('More intro, with code and a link.')
  })

  it.each([
    [0, 'Control plane', 'control-plane', 'All copies share PLATFORM_DATABASE_URL.'],
    [1, 'Control plane', 'control-plane-1', 'The same heading twice gets a numbered id.'],
    [2, 'Details & limits', 'details--limits', 'a list item another, with emphasis name meaning DATA_DIR where data lives'],
  ])('section %i is "%s" at #%s with its plain text', (i, heading, slug, content) => {
    expect(page.sections[i]).toEqual({ heading, slug, content })
  })

  it('gives each section the id the docs page renders for its heading', () => {
    const html = new Marked().use(gfmHeadingId()).parse(PAGE, { async: false })
    for (const section of page.sections) expect(html).toContain(`id="${section.slug}"`)
  })

  it('falls back to the slug without a title, and to no description without a paragraph', () => {
    expect(parseDocsPage('bare', '## Only a section\n\ntext')).toMatchObject({ title: 'bare', description: null, intro: '' })
  })

  it('truncates a long description at a word', () => {
    const long = parseDocsPage('long', `# Long\n\n${'word '.repeat(200)}`)
    expect(long.description!.length).toBeLessThanOrEqual(300)
    expect(long.description!.endsWith('word…')).toBe(true)
  })

  it('puts every heading and text into the page text', () => {
    expect(pageText(page)).toMatch(/Scale out[\s\S]*Control plane[\s\S]*Details & limits[\s\S]*where data lives/)
  })

  it("matches the rendered ids of every page in the product's docs", () => {
    const dir = path.join(process.cwd(), 'docs')
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.md'))) {
      const markdown = fs.readFileSync(path.join(dir, file), 'utf8')
      const html = new Marked().use(gfmHeadingId()).parse(markdown, { async: false })
      const parsed = parseDocsPage(file.replace(/\.md$/, ''), markdown)
      expect(parsed.title, file).not.toBe(parsed.slug)
      for (const section of parsed.sections) expect(html, `${file}#${section.slug}`).toContain(`id="${section.slug}"`)
    }
  })
})
