import path from 'node:path'
import { expect, test } from '@playwright/test'
import { pageScriptSizes } from '../scripts/bundle-sizes.mjs'

/**
 * Script budgets of the production build (no browser needed): the gzipped .js a first visit to
 * each main page downloads, the app shell's included (scripts/bundle-sizes.mjs counts it). A page
 * that grows past its budget fails here with its size; raise a budget only on purpose. Heavy
 * parts (the SQL editor's Monaco, charts, GraphiQL, dialogs opened on demand) load when used.
 */
const BUDGETS_KIB: Record<string, number> = {
  '/_app': 255,
  '/sign-in': 268,
  '/projects': 310,
  '/project/[ref]': 362,
  '/project/[ref]/sql/[id]': 450,
  '/project/[ref]/editor/[...table]': 378,
}

test('each main page ships no more script than its budget', () => {
  const sizes = pageScriptSizes(path.join(process.cwd(), '.next'), Object.keys(BUDGETS_KIB))
  const over = Object.entries(sizes)
    .filter(([page, kib]) => kib > BUDGETS_KIB[page])
    .map(([page, kib]) => `${page}: ${kib} KiB of gzipped script, budget ${BUDGETS_KIB[page]} KiB`)
  expect(over, over.join('\n')).toEqual([])
})
