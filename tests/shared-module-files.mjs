/**
 * Which test files may run one after another on the same loaded modules (vitest's
 * `isolate: false`): those with no module mocks. Loading the modules again for each of them cost
 * more than their tests (import 14 s of 31 s over 174 unit files; about 2 s a file for the API
 * suites, which import the whole platform; about 1 s of a core for a file with a page, which loads
 * the page environment, React, Testing Library and MSW). A file that replaces a module (`vi.mock`,
 * or `vi.resetModules` to load a second copy) keeps its own modules, since the replacement would
 * stay in the shared module cache for the next file.
 *
 * Files with a page (happy-dom or jsdom) that share run in a project of their own: what a file
 * leaves behind in the page and in the loaded modules (the DOM, storage, cookies, the dashboard's
 * stores) is cleared after each file (tests/setup.ts). Hooks a test helper registers when it is
 * loaded would run for the first file only: helpers export a function the file calls instead.
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
  return !REPLACES_MODULES.test(source)
}

/** True when the file runs on a page (happy-dom or jsdom) rather than in plain Node. */
export const hasPage = (source) => PAGE_ENVIRONMENT.test(source)

/** An API suite (the `api` projects): under tests/api/, or `*.platform.test.ts` or `*.servers.test.ts` beside a feature. */
export const isApiSuite = (file) => file.startsWith('tests/api/') || file.endsWith('.platform.test.ts') || file.endsWith('.servers.test.ts')

/**
 * The test files under `root` (paths relative to it, with `/`) that must keep modules of their
 * own, and those that may share them, each split into API suites, unit files with no page and
 * files with a page.
 */
export function moduleSharing(root) {
  const sharing = { api: { own: [], shared: [] }, unit: { own: [], shared: [] }, page: { own: [], shared: [] } }
  visitSources(root, (name) => TEST_FILE.test(name), (relative, source) => {
    const group = isApiSuite(relative) ? sharing.api : hasPage(source) ? sharing.page : sharing.unit
    ;(canShareModules(source) ? group.shared : group.own).push(relative)
  })
  for (const group of Object.values(sharing)) for (const list of [group.own, group.shared]) list.sort()
  return sharing
}

const SOURCE_FILE = /\.(ts|tsx|mjs)$/
const HOOK_AT_TOP_LEVEL = /^(beforeAll|afterAll|beforeEach|afterEach)\(/m
/** The setup file runs for every test file: its hooks are each file's. */
const SETUP_FILE = 'tests/setup.ts'

/** True when a module registers test hooks as it is loaded (at its top level). */
export const registersHooksOnLoad = (source) => HOOK_AT_TOP_LEVEL.test(source)

/**
 * Modules other than test files that register test hooks as they load. In a project whose files
 * share loaded modules such a helper is loaded once, so its hooks run for the first file only:
 * it must export a function each file calls instead (e.g. tests/helpers/mocked-platform.ts).
 */
export function helpersRegisteringHooks(root) {
  const found = []
  visitSources(root, (name) => SOURCE_FILE.test(name) && !TEST_FILE.test(name), (relative, source) => {
    if (relative !== SETUP_FILE && registersHooksOnLoad(source)) found.push(relative)
  })
  return found.sort()
}

/** Calls `visit` with the path (relative to root, with `/`) and text of each file whose name is `wanted`. */
function visitSources(root, wanted, visit) {
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(file)
      } else if (wanted(entry.name)) visit(path.relative(root, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8'))
    }
  }
  walk(root)
}
