#!/usr/bin/env node
// Writes lib/api-types/browser/<name>.routes.ts from each lib/api-types/<name>.routes.ts: the
// method, path and auth of every route, without the schemas (lib/api-types/browser/browser-route.ts
// says why). `--check` writes nothing and lists the files that are out of date (a test runs it).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createJiti } from 'jiti'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const declared = path.join(root, 'lib', 'api-types')
const out = path.join(declared, 'browser')

const isRoute = (value) => value && typeof value === 'object' && typeof value.method === 'string' && typeof value.path === 'string' && typeof value.auth === 'string'

/**
 * { file name → text } of every browser table.
 * @returns {Promise<Record<string, string>>}
 */
export async function browserRouteFiles() {
  const jiti = createJiti(import.meta.url, { alias: { '@': root }, moduleCache: true, fsCache: false })
  /** @type {Record<string, string>} */
  const files = {}
  for (const file of fs.readdirSync(declared).filter((f) => f.endsWith('.routes.ts')).sort()) {
    const mod = await jiti.import(path.join(declared, file))
    const tables = Object.entries(mod).filter(([, value]) => value && typeof value === 'object' && Object.values(value).length > 0 && Object.values(value).every(isRoute))
    const base = file.replace(/\.ts$/, '')
    const lines = [
      `// Generated from ../${file} by \`node scripts/browser-routes.mjs\`; a test fails when it is out of date.`,
      `import type { ${tables.map(([name]) => `${name} as declared${name[0].toUpperCase()}${name.slice(1)}`).join(', ')} } from '../${base}'`,
      `import { browserRoutes } from './browser-route'`,
    ]
    for (const [name, table] of tables) {
      lines.push('', `export const ${name} = browserRoutes<typeof declared${name[0].toUpperCase()}${name.slice(1)}>({`)
      for (const [key, r] of Object.entries(table)) lines.push(`  ${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: [${[r.method, r.path, r.auth].map((s) => `'${s}'`).join(', ')}],`)
      lines.push('})')
    }
    files[file] = lines.join('\n') + '\n'
  }
  return files
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check')
  const files = await browserRouteFiles()
  const stale = []
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(out, file)
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null
    if (current === text) continue
    stale.push(file)
    if (!check) fs.writeFileSync(target, text)
  }
  const known = new Set([...Object.keys(files), 'browser-route.ts', 'browser-routes.test.ts'])
  for (const file of fs.readdirSync(out)) if (!known.has(file)) {
    stale.push(file)
    if (!check) fs.rmSync(path.join(out, file))
  }
  console.log(stale.length === 0 ? 'The browser route tables are up to date.' : `${check ? 'Out of date' : 'Written'}: ${stale.join(', ')}`)
  if (check && stale.length > 0) process.exit(1)
}
