/**
 * Image transformations at `/storage/v1/render/image/{authenticated|public|sign}/{bucket}/{path}`:
 * `width` and `height` (1 to 2500 pixels), `resize` (cover, contain, fill), `quality` (20 to 100)
 * and `format` (origin, webp, avif, png, jpeg), as storage-js's `transform` option asks, by sharp.
 * The object is read as a download of it would be (its policies, a public bucket, a signed URL);
 * only images up to 25 MB are transformed, into at most 2500 × 2500 pixels. Plans from Pro up
 * transform (each origin image counted once a month for billing); Free refuses with a sentence.
 */
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import type { PlanId } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import { countImageTransformation } from '../billing/image-transformations'
import type { StorageAnswer, StorageContext } from './context'
import { objectKey } from './context'
import { bytesMissing, StorageError } from './errors'
import { claimedTransformation, parseTransformation, type Transformation } from './transformation'
import { readableObject, signedObject } from './objects'
import type { ObjectMetadata } from './download'

const MAX_SOURCE_BYTES = 25 * 1024 * 1024

/** A plan that includes none and sells none (Free) does not transform. */
function offersTransformations(plan: PlanId): boolean {
  const quota = planNumbers(plan).quotas.STORAGE_IMAGE_TRANSFORMATIONS
  return quota.included !== 0 || quota.overage !== null
}
const TRANSFORMABLE = /^image\/(png|jpeg|jpg|webp|avif|gif|tiff)$/i

/** The transformed image of the object `row` names, as the answer. */
export async function sendTransformed(ctx: StorageContext, row: { version: string | null; metadata: ObjectMetadata | null }, transformation: Transformation, expires?: Date): Promise<StorageAnswer> {
  const metadata = row.metadata ?? {}
  const key = objectKey(ctx.gate.project.ref, row.version)
  if (!key) throw bytesMissing()
  if (!offersTransformations(ctx.plan))
    throw new StorageError('403', 'FeatureNotEnabled', 'FeatureNotEnabled', "Image transformations come with the Pro plan and above: upgrade the organization's plan on its Billing page.", 403)
  if (!TRANSFORMABLE.test(metadata.mimetype ?? '')) throw new StorageError('415', 'invalid_mime_type', 'InvalidMimeType', `Only images can be transformed; this object is ${metadata.mimetype ?? 'of no known type'}.`)
  if (((await ctx.backend.size(key)) ?? 0) > MAX_SOURCE_BYTES) throw new StorageError('413', 'Payload too large', 'EntityTooLarge', 'Only images up to 25 MB can be transformed.')
  // A few at a time per app copy, in turn between projects: a project asking for many waits for
  // its own, never for all of another's. A caller that went away gives up its turn.
  const gone = new AbortController()
  ctx.call.res.once('close', () => gone.abort(new Error('the caller went away')))
  const made = await ctx.transformations.run(ctx.gate.project.ref, () => transformed(ctx, key, metadata, transformation), gone.signal)
  if (!made) throw new StorageError('429', 'TooManyRequests', 'TooManyRequests', 'Too many image transformations of this project are waiting: try again in a moment.', 429, { 'Retry-After': '1' })
  const { bytes, format } = made.value
  // Billed per distinct origin image a month, once it was transformed.
  await countImageTransformation(ctx.platform, ctx.gate.project.ref, row.version!).catch((error) =>
    console.warn(`[storage] could not count an image transformation of project ${ctx.gate.project.ref}: ${(error as Error).message}`)
  )
  ctx.call.res.writeHead(200, {
    'Content-Type': `image/${format}`,
    'Content-Length': String(bytes.byteLength),
    ...(expires ? { Expires: expires.toUTCString() } : { 'Cache-Control': metadata.cacheControl ?? 'no-cache' }),
    'X-Transformations': [transformation.width && `width:${transformation.width}`, transformation.height && `height:${transformation.height}`, `resize:${transformation.resize}`].filter(Boolean).join(','),
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
  })
  ctx.call.res.end(ctx.call.req.method === 'HEAD' ? undefined : bytes)
  return undefined
}

/** The object's bytes through sharp, as asked. */
async function transformed(ctx: StorageContext, key: string, metadata: ObjectMetadata, transformation: Transformation): Promise<{ bytes: Buffer; format: string }> {
  const source: Readable | null = await ctx.backend.read(key)
  if (!source) throw bytesMissing()
  const image = sharp({ limitInputPixels: 50_000_000, failOn: 'error' })
    .rotate()
    .resize({ width: transformation.width, height: transformation.height, fit: transformation.resize, withoutEnlargement: false })
  const format = transformation.format === 'origin' ? (metadata.mimetype!.split('/')[1].toLowerCase().replace('jpg', 'jpeg') as string) : transformation.format
  const output = format === 'webp' ? image.webp({ quality: transformation.quality }) : format === 'avif' ? image.avif({ quality: transformation.quality }) : format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg({ quality: transformation.quality }) : image
  // Decoded first: a broken image is an error answer, not a broken stream.
  source.pipe(output)
  try {
    return { bytes: await output.toBuffer(), format }
  } catch (error) {
    source.destroy()
    throw new StorageError('422', 'InvalidImage', 'InvalidImage', `The image could not be transformed: ${(error as Error).message}`)
  }
}

/** GET `/render/image/{authenticated|public}/{bucket}/{path}`: the object as a download would read it, transformed. */
export async function renderObject(ctx: StorageContext, mode: 'authenticated' | 'public'): Promise<StorageAnswer> {
  const transformation = parseTransformation(ctx.query)
  return sendTransformed(ctx, await readableObject(ctx, mode, 'object.render'), transformation)
}

/** GET `/render/image/sign/{bucket}/{path}?token=`: what a signed URL names, transformed as it was signed (or as asked). */
export async function renderSigned(ctx: StorageContext): Promise<StorageAnswer> {
  const { row, payload } = await signedObject(ctx)
  const claimed = typeof payload.transformations === 'string' ? claimedTransformation(payload.transformations) : ctx.query
  return sendTransformed(ctx, row, parseTransformation(claimed), new Date(Number(payload.exp) * 1000))
}
