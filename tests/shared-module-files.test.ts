import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { canShareModules, sharedModuleFiles } from './shared-module-files.mjs'

describe('canShareModules', () => {
  it.each([
    ['a pure test', "import { it } from 'vitest'\nit('adds', () => {})", true],
    ['a page in happy-dom', '// @vitest-environment happy-dom\nit()', false],
    ['a page in jsdom', '// @vitest-environment jsdom\nit()', false],
    ['a server test in node', '// @vitest-environment node\nit()', true],
    ['a module mock', "vi.mock('@/lib/x', () => ({}))", false],
    ['a late module mock', "vi.doMock('pg')", false],
    ['a module reset', 'vi.resetModules()', false],
    ['a spy only', "vi.spyOn(console, 'warn')", true],
  ])('%s: %s', (_, source, expected) => {
    expect(canShareModules(source)).toBe(expected)
  })
})

describe('sharedModuleFiles', () => {
  let root = ''
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }

  it('lists the unit files that may share modules, leaving out pages, mocks, other runners and skipped folders', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-modules-'))
    write('lib/a.test.ts', 'it()')
    write('scripts/b.test.mjs', 'it()')
    write('lib/page.test.ts', '// @vitest-environment happy-dom\nit()')
    write('components/Card.test.tsx', 'it()')
    write('data/mocked.test.ts', "vi.mock('x')")
    write('lib/feature.platform.test.ts', 'it()')
    write('tests/api/route.test.ts', 'it()')
    write('tests/unit/c.test.ts', 'it()')
    write('node_modules/pkg/d.test.ts', 'it()')
    write('e2e/e.test.ts', 'it()')
    write('lib/helper.ts', 'export {}')
    expect(sharedModuleFiles(root)).toEqual(['lib/a.test.ts', 'scripts/b.test.mjs', 'tests/unit/c.test.ts'])
  })
})
