import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { canShareModules, hasPage, helpersRegisteringHooks, moduleSharing, registersHooksOnLoad } from './shared-module-files.mjs'

describe('canShareModules', () => {
  it.each([
    ['a pure test', "import { it } from 'vitest'\nit('adds', () => {})", true],
    ['a page in happy-dom', '// @vitest-environment happy-dom\nit()', true],
    ['a page with a module mock', "// @vitest-environment jsdom\nvi.mock('next/router')", false],
    ['a server test in node', '// @vitest-environment node\nit()', true],
    ['a module mock', "vi.mock('@/lib/x', () => ({}))", false],
    ['a late module mock', "vi.doMock('pg')", false],
    ['a module reset', 'vi.resetModules()', false],
    ['a spy only', "vi.spyOn(console, 'warn')", true],
  ])('%s: %s', (_, source, expected) => {
    expect(canShareModules(source)).toBe(expected)
  })
})

describe('hasPage', () => {
  it.each([
    ['// @vitest-environment happy-dom', true],
    ['/** @vitest-environment jsdom */', true],
    ['// @vitest-environment node', false],
    ['it()', false],
  ])('%s: %s', (source, expected) => {
    expect(hasPage(source)).toBe(expected)
  })
})

describe('moduleSharing', () => {
  let root = ''
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }

  it('splits the API suites, the unit files and the files with a page into those that keep their own modules and those that share, leaving out skipped folders', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-modules-'))
    write('lib/a.test.ts', 'it()')
    write('scripts/b.test.mjs', 'it()')
    write('lib/page.test.ts', '// @vitest-environment happy-dom\nit()')
    write('components/Card.test.tsx', '// @vitest-environment happy-dom\nit()')
    write('components/Routed.test.tsx', "// @vitest-environment happy-dom\nvi.mock('next/router')")
    write('data/mocked.test.ts', "vi.mock('x')")
    write('lib/feature.platform.test.ts', 'it()')
    write('server/engine/own.servers.test.ts', 'it()')
    write('tests/api/route.test.ts', 'it()')
    write('tests/api/mocked.test.ts', "vi.mock('@node-rs/argon2')")
    write('tests/api/second-copy.test.ts', 'vi.resetModules()')
    write('tests/unit/c.test.ts', 'it()')
    write('node_modules/pkg/d.test.ts', 'it()')
    write('e2e/e.test.ts', 'it()')
    write('lib/helper.ts', 'export {}')
    expect(moduleSharing(root)).toEqual({
      api: { own: ['tests/api/mocked.test.ts', 'tests/api/second-copy.test.ts'], shared: ['lib/feature.platform.test.ts', 'server/engine/own.servers.test.ts', 'tests/api/route.test.ts'] },
      unit: { own: ['data/mocked.test.ts'], shared: ['lib/a.test.ts', 'scripts/b.test.mjs', 'tests/unit/c.test.ts'] },
      page: { own: ['components/Routed.test.tsx'], shared: ['components/Card.test.tsx', 'lib/page.test.ts'] },
    })
  })
})

describe('registersHooksOnLoad', () => {
  it.each([
    ["beforeAll(() => server.listen())", true],
    ["export function start() {\n  beforeAll(() => server.listen())\n}", false],
    ["afterEach(cleanup)", true],
    ["// beforeAll is not called here", false],
  ])('%s: %s', (source, expected) => {
    expect(registersHooksOnLoad(source)).toBe(expected)
  })
})

describe('helpersRegisteringHooks', () => {
  it('finds no module of this repository that registers test hooks as it loads', () => {
    expect(helpersRegisteringHooks(path.resolve(__dirname, '..'))).toEqual([])
  })
})
