/**
 * The testimonials file, read when it changes: each request compares the file's modification
 * time and size with what was read last, so an operator's edit shows without a restart and an
 * unchanged file costs one stat. An unreadable or invalid file is said once in the server log
 * (per version of the file) and answers an empty list: the sign-in page never breaks over it.
 */
import fs from 'node:fs/promises'
import { testimonialList, type Testimonial } from '@/lib/api-types'
import { zodMessage } from '../kernel/errors'

/** Far more than any list of quotes; bounds what a wrong path (a log, a dump) makes us read. */
export const MAX_TESTIMONIALS_FILE_BYTES = 256 * 1024

type Loaded = { version: string; testimonials: Promise<Testimonial[]> }

/** The last version read per file (the cache holds nothing that matters: it is the file's copy). */
const loaded = new Map<string, Loaded>()

export type Logger = Pick<Console, 'error'>

async function versionOf(file: string): Promise<{ version: string; size: number } | { error: string }> {
  try {
    const stat = await fs.stat(file)
    if (!stat.isFile()) return { error: 'it is not a file' }
    return { version: `${stat.mtimeMs}:${stat.size}`, size: stat.size }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { error: code === 'ENOENT' ? 'it does not exist' : `it cannot be read (${code ?? (error as Error).message})` }
  }
}

/** The file's testimonials, or the reason they cannot be used. */
async function parseFile(file: string, size: number): Promise<Testimonial[] | { error: string }> {
  if (size > MAX_TESTIMONIALS_FILE_BYTES) return { error: `it is larger than ${MAX_TESTIMONIALS_FILE_BYTES / 1024} KB` }
  let text: string
  try {
    text = await fs.readFile(file, 'utf8')
  } catch (error) {
    return { error: `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { error: `it is not JSON (${(error as Error).message})` }
  }
  const result = testimonialList.safeParse(json)
  if (!result.success) return { error: `it does not hold a list of testimonials: ${zodMessage(result.error)}` }
  return result.data
}

function problem(file: string, reason: string, log: Logger): Testimonial[] {
  log.error(`Testimonials file ${file} is not used: ${reason}. The sign-in page shows none until it is fixed (see docs/auth.md).`)
  return []
}

/** The testimonials to show, [] when the file cannot be used (logged once per version of it). */
export async function readTestimonials(file: string, log: Logger = console): Promise<Testimonial[]> {
  const current = await versionOf(file)
  const version = 'error' in current ? `missing:${current.error}` : current.version
  const cached = loaded.get(file)
  if (cached?.version === version) return cached.testimonials
  // Concurrent first requests share one read; the promise never rejects.
  const testimonials =
    'error' in current
      ? Promise.resolve(problem(file, current.error, log))
      : parseFile(file, current.size).then((parsed) => ('error' in parsed ? problem(file, parsed.error, log) : parsed))
  loaded.set(file, { version, testimonials })
  return testimonials
}
