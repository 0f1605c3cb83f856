/**
 * Which unit test files may run one after another on the same loaded modules (vitest's
 * `isolate: false`): those with no page and no module mocks. Loading the modules again for each of
 * them cost more than their tests (import 14 s of 31 s over 174 files). A file with a page
 * (happy-dom or jsdom) keeps its own modules: the dashboard's stores and the DOM would carry over
 * to the next file. So does a file that replaces a module (`vi.mock`), since the replacement would
 * stay in the shared module cache.
 */
import fs from 'node:fs'
import path from 'node:path'

/** Folders that hold no unit test, or tests of another runner (the API suites, Playwright). */
const SKIPPED_FOLDERS = new Set(['node_modules', '.next', '.data', '.git', 'e2e', 'bench', 'test-results', 'playwright-report'])
const UNIT_TEST = /\.test\.(ts|mjs)$/
const OTHER_RUNNER = /\.platform\.test\.ts$/
const PAGE_ENVIRONMENT = /@vitest-environment\s+(happy-dom|jsdom)/
const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|resetModules|importActual)\b/

/** True when the file's text allows sharing loaded modules with other files. */
export function canShareModules(source) {
  return !PAGE_ENVIRONMENT.test(source) && !REPLACES_MODULES.test(source)
}

/** Paths (relative to `root`, with `/`) of the unit test files that can share modules. */
export function sharedModuleFiles(root) {
  const found = []
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (SKIPPED_FOLDERS.has(entry.name)) continue
        const child = path.join(dir, entry.name)
        // The API suites are a project of their own.
        if (path.relative(root, child) === path.join('tests', 'api')) continue
        walk(child)
      } else if (UNIT_TEST.test(entry.name) && !OTHER_RUNNER.test(entry.name)) {
        const file = path.join(dir, entry.name)
        if (canShareModules(fs.readFileSync(file, 'utf8'))) found.push(path.relative(root, file).split(path.sep).join('/'))
      }
    }
  }
  walk(root)
  return found.sort()
}
