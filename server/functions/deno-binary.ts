/**
 * Where the Deno binary is: DENO_BIN, or the one npm installs per platform as
 * `@deno/<os>-<cpu>-glibc/deno` (the `deno` package's optional dependency). Found on disk from
 * the app's root, as the PostgREST binary is (server/data-api/binary.ts).
 */
import fs from 'node:fs'
import path from 'node:path'

export const denoPackage = (platform: NodeJS.Platform = process.platform, arch: string = process.arch) => `@deno/${platform}-${arch === 'x64' ? 'x64' : arch}${platform === 'linux' ? '-glibc' : ''}`

let found: string | undefined

export function findDeno(override?: string, from = process.cwd()): string {
  if (override) {
    if (!fs.existsSync(override)) throw new Error(`DENO_BIN=${override}: no such file`)
    return override
  }
  if (found) return found
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', denoPackage(), 'deno')
    if (fs.existsSync(candidate)) return (found = candidate)
    if (path.dirname(dir) === dir) break
  }
  throw new Error(`The Deno binary for this machine (${denoPackage()}) is not installed: run \`npm install\`, or set DENO_BIN`)
}
