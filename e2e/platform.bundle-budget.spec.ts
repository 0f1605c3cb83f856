import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'

/**
 * Script budgets of the production build (no browser needed): the gzipped .js a first visit to
 * each main page downloads, the app shell's included (scripts/bundle-sizes.mjs counts it). A page
 * that grows past its budget fails here with its size; raise a budget only on purpose. Heavy
 * parts (the SQL editor's Monaco, charts, GraphiQL, dialogs opened on demand) load when used.
 */
const BUDGETS_KIB: Record<string, number> = {
  '/_app': 192,
  // No schema library on the sign-in page (lib/api-types/password-limits.ts): about 202 KiB.
  '/sign-in': 206,
  // The aim for the project list: 220 KiB at most.
  '/projects': 215,
  '/project/[ref]': 272,
  '/project/[ref]/sql/[id]': 312,
  '/project/[ref]/editor/[...table]': 305,
}

test('each main page ships no more script than its budget', () => {
  // The figures come from the script bench/ uses too (run as a program: it is an ES module).
  const out = execFileSync(process.execPath, ['scripts/bundle-sizes.mjs', '--json', ...Object.keys(BUDGETS_KIB)], { encoding: 'utf8' })
  const sizes = JSON.parse(out) as Record<string, number>
  const over = Object.entries(sizes)
    .filter(([page, kib]) => kib > BUDGETS_KIB[page])
    .map(([page, kib]) => `${page}: ${kib} KiB of gzipped script, budget ${BUDGETS_KIB[page]} KiB`)
  expect(over, over.join('\n')).toEqual([])
})
