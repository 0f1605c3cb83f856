/**
 * Which test files may run one after another on the same loaded modules (vitest's
 * `isolate: false`): those with no page and no module mocks. Loading the modules again for each of
 * them cost more than their tests (import 14 s of 31 s over 174 unit files; about 2 s a file for
 * the API suites, which import the whole platform). A file with a page (happy-dom or jsdom) keeps
 * its own modules: the dashboard's stores and the DOM would carry over to the next file. So does a
 * file that replaces a module (`vi.mock`, or `vi.resetModules` to load a second copy), since the
 * replacement would stay in the shared module cache.
 */
import fs from 'node:fs'
import path from 'node:path'

/** Folders that hold no vitest file (Playwright's, the benchmarks, build output). */
const SKIPPED_FOLDERS = new Set(['node_modules', '.next', '.data', '.git', 'e2e', 'bench', 'test-results', 'playwright-report'])
const TEST_FILE = /\.test\.(ts|tsx|mjs)$/
const PAGE_ENVIRONMENT = /@vitest-environment\s+(happy-dom|jsdom)/
const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|resetModules|importActual)\b/

/** True when the file's text allows sharing loaded modules with other files. */
export function canShareModules(source) {
  return !PAGE_ENVIRONMENT.test(source) && !REPLACES_MODULES.test(source)
}

/** An API suite (the `api` projects): under tests/api/, or `*.platform.test.ts` beside a feature. */
export const isApiSuite = (file) => file.startsWith('tests/api/') || file.endsWith('.platform.test.ts')

/**
 * The test files under `root` (paths relative to it, with `/`) that must keep modules of their
 * own, and those that may share them, each split into API suites and unit files.
 */
export function moduleSharing(root) {
  const sharing = { api: { own: [], shared: [] }, unit: { own: [], shared: [] } }
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(file)
      } else if (TEST_FILE.test(entry.name)) {
        const relative = path.relative(root, file).split(path.sep).join('/')
        const group = isApiSuite(relative) ? sharing.api : sharing.unit
        ;(canShareModules(fs.readFileSync(file, 'utf8')) ? group.shared : group.own).push(relative)
      }
    }
  }
  walk(root)
  for (const group of [sharing.api, sharing.unit]) for (const list of [group.own, group.shared]) list.sort()
  return sharing
}
