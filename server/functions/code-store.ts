/**
 * A function version's files on this app copy's disk: read from the control plane (where a deploy
 * keeps them, so every copy serves the same code) into `DATA_DIR/functions/code/{ref}/{digest}`
 * the first time a worker needs them, written to a temporary folder and renamed, so a worker never
 * sees half of them. A project's module cache (`npm:` and remote imports) is
 * `DATA_DIR/functions/cache/{ref}`, shared by its functions and no one else's.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createHash, randomBytes } from 'node:crypto'
import type { Platform } from '../kernel/platform'

export type FunctionFile = { path: string; content: Buffer }

export const functionsDir = (platform: Platform) => path.join(platform.config.dataDir, 'functions')
export const cacheDirOf = (platform: Platform, ref: string) => path.join(functionsDir(platform), 'cache', ref)
export const runDirOf = (platform: Platform) => path.join(functionsDir(platform), 'run')
const codeDirOf = (platform: Platform, ref: string, digest: string) => path.join(functionsDir(platform), 'code', ref, digest)

/** sha256 over the paths and bytes, in path order: the same files have the same digest. */
export function digestOf(files: FunctionFile[]): string {
  const hash = createHash('sha256')
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    hash.update(`${file.path}\u0000${file.content.length}\u0000`)
    hash.update(file.content)
  }
  return hash.digest('hex')
}

/** Writes the files into their folder by digest (done once: the same digest is the same files). */
export function writeCode(platform: Platform, ref: string, digest: string, files: FunctionFile[]): string {
  const dir = codeDirOf(platform, ref, digest)
  if (fs.existsSync(dir)) {
    // Deployed again (a rollback to the same files): young again for the sweep.
    const now = new Date()
    fs.utimesSync(dir, now, now)
    return dir
  }
  const staging = `${dir}.${randomBytes(6).toString('hex')}.tmp`
  for (const file of files) {
    const target = path.join(staging, file.path)
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 })
    fs.writeFileSync(target, file.content, { mode: 0o644 })
  }
  fs.mkdirSync(path.dirname(dir), { recursive: true })
  try {
    fs.renameSync(staging, dir)
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true })
    // Another request of this copy wrote the same digest first.
    if (!fs.existsSync(dir)) throw error
  }
  return dir
}

/** The folder of a deployed version, read from the control plane when this copy has not got it yet. */
export async function codeDir(platform: Platform, ref: string, functionId: number, version: number, digest: string): Promise<string> {
  const dir = codeDirOf(platform, ref, digest)
  if (fs.existsSync(dir)) return dir
  const rows = await platform.db.query<{ path: string; content: Buffer }>('select path, content from edge_function_files where function_id = $1 and version = $2', [functionId, version])
  return writeCode(platform, ref, digest, rows)
}

/**
 * Versions' folders no stored function serves and no worker of this copy runs: a redeploy leaves
 * the one before behind while its workers finish, and nothing else removes it. Only folders older
 * than `olderThanMs` go, so a deploy whose check has not stored its version yet keeps its own.
 * Answers how many went.
 */
export async function sweepCode(platform: Platform, inUse: (dir: string) => boolean, olderThanMs: number): Promise<number> {
  const root = path.join(functionsDir(platform), 'code')
  let refs: string[]
  try {
    refs = fs.readdirSync(root)
  } catch {
    return 0
  }
  if (refs.length === 0) return 0
  const stored = await platform.db.query<{ project_ref: string; digest: string }>('select project_ref, digest from edge_functions where project_ref = any($1::text[])', [refs])
  const keep = new Set(stored.map((row) => path.join(root, row.project_ref, row.digest)))
  let removed = 0
  for (const ref of refs) {
    let names: string[]
    try {
      names = fs.readdirSync(path.join(root, ref))
    } catch {
      continue
    }
    for (const name of names) {
      const dir = path.join(root, ref, name)
      // Asked at the moment of removing, after the read: a worker started meanwhile keeps its folder.
      if (keep.has(dir) || inUse(dir)) continue
      try {
        if (Date.now() - fs.statSync(dir).mtimeMs < olderThanMs) continue
        fs.rmSync(dir, { recursive: true, force: true })
        removed++
      } catch {}
    }
  }
  return removed
}

/** One version's folder goes (a refused deploy's). */
export function removeCode(platform: Platform, ref: string, digest: string): void {
  fs.rmSync(codeDirOf(platform, ref, digest), { recursive: true, force: true })
}

/** A project's code and module cache on this copy's disk go (its delete). */
export function removeProjectCode(platform: Platform, ref: string): void {
  fs.rmSync(path.join(functionsDir(platform), 'code', ref), { recursive: true, force: true })
  fs.rmSync(cacheDirOf(platform, ref), { recursive: true, force: true })
}

export const runFolderName = () => randomBytes(8).toString('hex')
