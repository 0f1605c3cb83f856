import { exportFileName } from './ResultsPanel.utils'

it.each([
  ['Active users', 'csv', 'Active users.csv'],
  [undefined, 'json', 'results.json'],
  ['', 'md', 'results.md'],
  ['  a/b: c?  ', 'csv', 'a b c.csv'],
  ['...hidden', 'csv', 'hidden.csv'],
  ['line\nbreak', 'csv', 'line break.csv'],
  ['"<>|*"', 'csv', 'results.csv'],
  ['x'.repeat(300), 'csv', `${'x'.repeat(100)}.csv`],
])('exportFileName(%j, %s) → %s', (name, extension, expected) => expect(exportFileName(name, extension)).toBe(expected))
