import { describe, expect, it } from 'vitest'
import { assistantInsertEdit } from './assistant-insert'

/** The text after applying the edit, with `|` marking where the cursor or selection was. */
function apply(marked: string, sql: string) {
  const start = marked.indexOf('|')
  const second = marked.indexOf('|', start + 1)
  const end = second === -1 ? start : second - 1
  const doc = marked.replaceAll('|', '')
  const edit = assistantInsertEdit(doc, { start, end }, sql)
  return doc.slice(0, edit.start) + edit.text + doc.slice(edit.end)
}

describe('assistantInsertEdit', () => {
  it.each([
    ['empty editor', '|', 'select 1;'],
    ['cursor at the end of a statement', 'select 42;|', 'select 42;\nselect 1;'],
    ['cursor in the middle of a line', 'select |42;', 'select 42;\nselect 1;'],
    ['cursor at the start of a line', '|select 42;', 'select 42;\nselect 1;'],
    ['cursor on a line with more lines below', 'select 42;|\nselect 43;', 'select 42;\nselect 1;\nselect 43;'],
    ['cursor on a blank line between statements', 'select 42;\n|\nselect 43;', 'select 42;\nselect 1;\nselect 43;'],
    ['cursor on a line of spaces', 'select 42;\n  |', 'select 42;\n  select 1;'],
    ['cursor after a trailing newline', 'select 42;\n|', 'select 42;\nselect 1;'],
    ['a selection is replaced', 'select |42|;', 'select select 1;;'],
    ['a whole statement selected', '|select 42;|\nselect 43;', 'select 1;\nselect 43;'],
    ['windows line ends are kept', 'select 42;|\r\nselect 43;', 'select 42;\r\nselect 1;\r\nselect 43;'],
  ])('%s', (_, marked, expected) => expect(apply(marked, 'select 1;')).toBe(expected))

  it('reads a backwards selection as the same range', () => {
    expect(assistantInsertEdit('select 42;', { start: 9, end: 7 }, 'x')).toEqual({ start: 7, end: 9, text: 'x' })
  })
})
