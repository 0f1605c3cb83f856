import { defaultSnippetName, UNTITLED_SNIPPET_NAME } from './default-name'

it.each([
  ['', UNTITLED_SNIPPET_NAME],
  ['   \n\t\n', UNTITLED_SNIPPET_NAME],
  ['select 1', 'select 1'],
  ['\n\n  select *   from   users  \nwhere id = 1', 'select * from users'],
  ['-- Active users\nselect 1', 'Active users'],
  ['--\nselect 2', 'select 2'],
  ['x'.repeat(80), 'x'.repeat(60)],
  [`${'a'.repeat(59)} bcd`, 'a'.repeat(59)],
])('default name of %j is %j', (sql, expected) => expect(defaultSnippetName(sql)).toBe(expected))
