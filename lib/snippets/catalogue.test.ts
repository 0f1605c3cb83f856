import { describe, expect, it } from 'vitest'
import { catalogueSchema, RATE_LIMIT_MESSAGE, SNIPPETS, snippetById, snippetsOfType } from '.'

const QUICKSTARTS = [
  'Colors',
  'Slack Clone',
  'Todo List',
  'Stripe Subscriptions',
  'User Management Starter',
  'NextAuth Schema Setup',
  'OpenAI Vector Search',
  'LangChain',
]

const TEMPLATES = [
  'Create table',
  'Add view',
  'Add column',
  'Add comments',
  'Show extensions',
  'Show version',
  'Show active connections',
  'Automatic timestamps',
  'Increment field',
  'Most frequent queries',
  'Most time consuming queries',
  'Slowest execution time',
  'Hit rate',
  'Replication status',
  'Install package manager',
  'Large objects',
  'Table sizes',
  'MFA verification attempt limit',
  'Password verification attempt limit',
  'Custom access token hook',
  'General auth hook',
]

describe('snippet catalogue', () => {
  it('has 29 snippets that match the schema', () => {
    expect(SNIPPETS).toHaveLength(29)
    expect(() => catalogueSchema.parse(SNIPPETS)).not.toThrow()
  })

  it('has unique ids, in order', () => {
    const ids = SNIPPETS.map((s) => s.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('has the 8 quickstarts and 21 templates by title', () => {
    expect(snippetsOfType('quickstart').map((s) => s.title)).toEqual(QUICKSTARTS)
    expect(snippetsOfType('template').map((s) => s.title)).toEqual(TEMPLATES)
  })

  it.each(SNIPPETS.map((s) => [s.title, s] as const))('%s has a description and SQL', (_, s) => {
    expect(s.description.trim().length).toBeGreaterThan(20)
    expect(s.sql.trim()).not.toBe('')
    // Shown as is in the editor: no indentation left over from the source.
    expect(s.sql).not.toMatch(/^\s/)
    expect(s.sql.endsWith('\n')).toBe(true)
  })

  it('refuses a catalogue with a repeated id', () => {
    const copy = [...SNIPPETS, { ...SNIPPETS[0] }]
    expect(catalogueSchema.safeParse(copy).success).toBe(false)
  })

  it.each([
    ['1', 'Create table'],
    [29, 'LangChain'],
    ['023', 'Slack Clone'],
  ])('snippetById(%j) is %s', (id, title) => expect(snippetById(id)?.title).toBe(title))

  it.each([['0'], ['30'], ['1.5'], ['abc'], [''], [undefined], [['1']]])('snippetById(%j) is nothing', (id) => expect(snippetById(id)).toBeUndefined())

  it.each([
    ['Todo List', "check (char_length(task) > 3)"],
    ['User Management Starter', 'check (char_length(username) >= 3)'],
    ['Stripe Subscriptions', 'check (char_length(currency) = 3)'],
  ])('%s holds its sample rule', (title, rule) => {
    expect(SNIPPETS.find((s) => s.title === title)?.sql).toContain(rule)
  })

  it('answers both attempt limits with the one rate-limit message, as a 429', () => {
    for (const title of ['MFA verification attempt limit', 'Password verification attempt limit']) {
      const text = SNIPPETS.find((s) => s.title === title)!.sql
      expect(text).toContain(`'http_code', 429, 'message', '${RATE_LIMIT_MESSAGE}'`)
    }
    expect(SNIPPETS.find((s) => s.title === 'MFA verification attempt limit')!.sql).toContain("interval '2 seconds'")
    expect(SNIPPETS.find((s) => s.title === 'Password verification attempt limit')!.sql).toContain("interval '10 seconds'")
  })

  it('limits the reports to 100 rows and the large-object list to 25', () => {
    for (const title of ['Most frequent queries', 'Most time consuming queries', 'Slowest execution time', 'Hit rate', 'Table sizes'])
      expect(SNIPPETS.find((s) => s.title === title)!.sql).toMatch(/limit 100;\n$/)
    expect(SNIPPETS.find((s) => s.title === 'Large objects')!.sql).toMatch(/limit 25;\n$/)
  })
})
