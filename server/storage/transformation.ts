/**
 * What an image transformation may ask (`width`, `height`, `resize`, `quality`, `format`), read
 * from a query or from a signed URL's `transformations` claim (`width:100,height:50`): one set of
 * rules for the render endpoints and for signing.
 */
import { invalidRequest } from './errors'

export type Fit = 'cover' | 'contain' | 'fill'
export type Transformation = { width?: number; height?: number; resize: Fit; quality: number; format: string }

const MAX_SIDE = 2500
const FORMATS = new Set(['origin', 'webp', 'avif', 'png', 'jpeg'])
const FITS = new Set<string>(['cover', 'contain', 'fill'])
const KEYS = ['width', 'height', 'resize', 'quality', 'format'] as const

function whole(value: string | null, name: string, min: number, max: number): number | undefined {
  if (value === null || value === '') return undefined
  const n = /^[0-9]+$/.test(value) ? Number(value) : NaN
  if (!Number.isSafeInteger(n) || n < min || n > max) throw invalidRequest(`${name} must be a whole number from ${min} to ${max}`)
  return n
}

export function parseTransformation(query: URLSearchParams): Transformation {
  const resize = query.get('resize') ?? 'cover'
  const format = query.get('format') ?? 'origin'
  if (!FITS.has(resize)) throw invalidRequest('resize must be cover, contain or fill')
  if (!FORMATS.has(format)) throw invalidRequest(`format must be one of ${[...FORMATS].join(', ')}`)
  return {
    width: whole(query.get('width'), 'width', 1, MAX_SIDE),
    height: whole(query.get('height'), 'height', 1, MAX_SIDE),
    resize: resize as Fit,
    quality: whole(query.get('quality'), 'quality', 20, 100) ?? 80,
    format,
  }
}

/** A signed URL's `transformations` claim as query parameters. */
export const claimedTransformation = (claim: string) => new URLSearchParams(claim.split(',').map((part) => part.split(':', 2) as [string, string]))

/** The claim a signed URL carries for storage-js's `transform` option, checked by the same rules. */
export function transformationClaim(transform: Record<string, unknown>): string {
  const query = new URLSearchParams()
  for (const key of KEYS) if (transform[key] !== undefined && transform[key] !== null) query.set(key, String(transform[key]))
  parseTransformation(query)
  return [...query.entries()].map(([key, value]) => `${key}:${value}`).join(',')
}
