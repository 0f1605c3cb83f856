import { describe, expect, it } from 'vitest'
import { searchSnippets } from './search'

const items = [
  { title: 'Todo List', description: 'A personal todo list with row-level security.' },
  { title: 'Colors', description: 'Named colors with hex codes.' },
  { title: 'Hit rate', description: 'How often the cache already had the blocks.' },
]

describe('searchSnippets', () => {
  it.each([
    ['', ['Todo List', 'Colors', 'Hit rate']],
    ['   ', ['Todo List', 'Colors', 'Hit rate']],
    ['todo', ['Todo List']],
    ['COLORS', ['Colors']],
    ['cache', ['Hit rate']],
    ['row-level todo', ['Todo List']],
    ['hex todo', []],
    ['nothing like this', []],
  ])('%j finds %j', (query, titles) => {
    expect(searchSnippets(items, query).map((s) => s.title)).toEqual(titles)
  })
})
