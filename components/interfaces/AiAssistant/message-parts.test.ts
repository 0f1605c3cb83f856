import { describe, expect, it } from 'vitest'
import { messageParts } from './message-parts'

describe('messageParts', () => {
  it.each([
    ['plain text', 'Just words.', [{ kind: 'text', text: 'Just words.' }]],
    [
      'text, SQL, text',
      'Try this:\n```sql\nselect * from todos;\n```\nIt lists them.',
      [
        { kind: 'text', text: 'Try this:' },
        { kind: 'sql', sql: 'select * from todos;', complete: true },
        { kind: 'text', text: 'It lists them.' },
      ],
    ],
    ['a fence still streaming', 'Here:\n```sql\nselect 1', [{ kind: 'text', text: 'Here:' }, { kind: 'sql', sql: 'select 1', complete: false }]],
    ['other languages stay text', '```json\n{"a":1}\n```', [{ kind: 'text', text: '```json\n{"a":1}\n```' }]],
    ['upper case and pgsql', '```SQL\nselect 1;\n```\n```pgsql\nselect 2;\n```', [
      { kind: 'sql', sql: 'select 1;', complete: true },
      { kind: 'sql', sql: 'select 2;', complete: true },
    ]],
    ['empty', '', []],
  ])('%s', (_, content, expected) => expect(messageParts(content)).toEqual(expected))
})
