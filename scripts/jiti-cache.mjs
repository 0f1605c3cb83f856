// Where jiti keeps the platform's transpiled TypeScript (scripts/serve.mjs). Its default,
// node_modules/.cache/jiti, is lost when node_modules cannot be written (a read-only image): then
// every start would transpile again. The cache then goes beside the app's data (DATA_DIR, which
// must be writable anyway). Never in a shared temp directory: whoever can write there could plant
// code the app would load. With neither writable there is no cache (each start transpiles).
import fs from 'node:fs'
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
 * @returns {string | false} the directory, or false for no cache
 */
export function jitiCacheDir(root, env = process.env, canWrite = writable) {
  const modules = path.join(root, 'node_modules')
  const cache = path.join(modules, '.cache')
  if (canWrite(cache) || (!fs.existsSync(cache) && canWrite(modules))) return path.join(cache, 'jiti')
  const dataDir = path.resolve(root, env.DATA_DIR ?? '.data')
  if (canWrite(dataDir) || (!fs.existsSync(dataDir) && canWrite(path.dirname(dataDir)))) return path.join(dataDir, 'cache', 'jiti')
  return false
}
