#!/usr/bin/env node
// Gzipped script a browser downloads to open a page of the production build: the page's own .js
// files and the app shell's (/_app), each file counted once, gzip level 6 as most servers send it.
// Used by the bundle budget spec (e2e/bundle-budget.spec.ts) and by bench/.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'

const KIB = 1024

/** gzip size in KiB (one decimal) of the given .next-relative files. */
function gzipKiB(nextDir, files) {
  let bytes = 0
  for (const file of files) bytes += zlib.gzipSync(fs.readFileSync(path.join(nextDir, file)), { level: 6 }).length
  return Math.round((bytes / KIB) * 10) / 10
}

/** { page → KiB } for the given pages ('/_app' alone is the shell every page loads). */
export function pageScriptSizes(nextDir, pages) {
  const manifest = JSON.parse(fs.readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8'))
  const scripts = (page) => {
    const files = manifest.pages[page]
    if (!files) throw new Error(`${page} is not a page of this build`)
    return files.filter((f) => f.endsWith('.js'))
  }
  const shell = scripts('/_app')
  const sizes = {}
  for (const page of pages) sizes[page] = gzipKiB(nextDir, [...new Set([...shell, ...scripts(page)])])
  return sizes
}

export const MAIN_PAGES = ['/_app', '/sign-in', '/projects', '/project/[ref]', '/project/[ref]/sql/[id]', '/project/[ref]/editor/[...table]']

// `node scripts/bundle-sizes.mjs [--json] [page …]`: the figures of the given pages (the main pages
// when none), as a table or as JSON; the build read is NEXT_DIR, by default this checkout's .next.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const json = args.includes('--json')
  const pages = args.filter((a) => a !== '--json')
  const nextDir = process.env.NEXT_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.next')
  const sizes = pageScriptSizes(nextDir, pages.length ? pages : MAIN_PAGES)
  if (json) console.log(JSON.stringify(sizes))
  else for (const [page, kib] of Object.entries(sizes)) console.log(`${page.padEnd(36)} ${kib} KiB`)
}
