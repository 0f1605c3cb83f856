// Where jiti keeps the platform's transpiled TypeScript (scripts/serve.mjs). Its default,
// node_modules/.cache/jiti, is lost when node_modules cannot be written (a read-only image): then
// every start would transpile again. The cache then goes beside the app's data (DATA_DIR, which
// must be writable anyway), or in the system's temp directory.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const writable = (dir) => {
  try {
    fs.accessSync(dir, fs.constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * @param {string} root the app's directory
 * @param {{ DATA_DIR?: string }} env
 * @param {(dir: string) => boolean} canWrite
 * @returns {string}
 */
export function jitiCacheDir(root, env = process.env, canWrite = writable) {
  const modules = path.join(root, 'node_modules')
  const cache = path.join(modules, '.cache')
  if (canWrite(cache) || (!fs.existsSync(cache) && canWrite(modules))) return path.join(cache, 'jiti')
  const dataDir = path.resolve(root, env.DATA_DIR ?? '.data')
  if (canWrite(dataDir) || (!fs.existsSync(dataDir) && canWrite(path.dirname(dataDir)))) return path.join(dataDir, 'cache', 'jiti')
  return path.join(os.tmpdir(), 'supaboard-jiti')
}
