// Builds the production bundle when there is none or a source is newer than the last build.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
const buildId = path.join(root, '.next', 'BUILD_ID')
const SOURCES = ['docs', 'instrumentation.ts', 'proxy.ts', 'pages', 'components', 'data', 'lib', 'state', 'styles', 'server', 'workers', 'mocks', 'public', 'package.json', 'next.config.js', 'tailwind.config.ts', 'postcss.config.mjs']

function newestMtime(entry) {
  const full = path.join(root, entry)
  if (!fs.existsSync(full)) return 0
  const stat = fs.statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)))
  return newest
}

export function needsBuild() {
  if (!fs.existsSync(buildId)) return true
  const built = fs.statSync(buildId).mtimeMs
  return SOURCES.some((entry) => newestMtime(entry) > built)
}

export function buildIfNeeded() {
  if (!needsBuild()) return
  console.log('Building the dashboard (first start or sources changed)…')
  const result = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
