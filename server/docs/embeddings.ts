/**
 * A client of the Embeddings API that OpenAI and many compatible servers (local ones included)
 * speak: `POST {base}/embeddings` with `{model, input: [texts]}`, answered with
 * `{data: [{index, embedding: number[]}]}`. Failures are EmbeddingsError whose message names
 * what to check, never what the provider said (a 401 there can quote part of the key).
 */
import type { DocsEmbeddingsConfig } from './config'

export class EmbeddingsError extends Error {
  constructor(
    message: string,
    /** For the server log: the provider's status or what went wrong. */
    public readonly detail: string
  ) {
    super(message)
    this.name = 'EmbeddingsError'
  }
}

/** Inputs per request: providers cap the batch (OpenAI at 2048), smaller batches fail smaller. */
export const EMBEDDINGS_BATCH_SIZE = 64
/** Models read a few thousand tokens at most; a section longer than this is embedded by its start. */
export const EMBEDDINGS_MAX_INPUT_CHARS = 6_000

const UNREADABLE = "The embeddings model's answer could not be read. Check DOCS_EMBEDDINGS_BASE_URL."

function vectorsOf(body: unknown, count: number): number[][] {
  const data = (body as { data?: unknown } | null)?.data
  if (!Array.isArray(data) || data.length !== count) throw new EmbeddingsError(UNREADABLE, 'no data array of the right length')
  const vectors: number[][] = new Array(count)
  data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
    const index = typeof item?.index === 'number' ? item.index : position
    const vector = item?.embedding
    if (!Array.isArray(vector) || vector.length === 0 || !vector.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new EmbeddingsError(UNREADABLE, 'an embedding is not a list of numbers')
    if (index < 0 || index >= count) throw new EmbeddingsError(UNREADABLE, 'an index out of range')
    vectors[index] = vector as number[]
  })
  if (vectors.some((v) => v === undefined)) throw new EmbeddingsError(UNREADABLE, 'an input without an embedding')
  return vectors
}

/** The embeddings of `inputs`, in their order, one request per batch. */
export async function embed(config: DocsEmbeddingsConfig, inputs: string[], signal?: AbortSignal): Promise<number[][]> {
  const vectors: number[][] = []
  for (let start = 0; start < inputs.length; start += EMBEDDINGS_BATCH_SIZE) {
    const batch = inputs.slice(start, start + EMBEDDINGS_BATCH_SIZE).map((text) => text.slice(0, EMBEDDINGS_MAX_INPUT_CHARS))
    vectors.push(...(await embedBatch(config, batch, signal)))
  }
  return vectors
}

async function embedBatch(config: DocsEmbeddingsConfig, input: string[], signal?: AbortSignal): Promise<number[][]> {
  const timeout = AbortSignal.timeout(config.timeoutMs)
  let response: Response
  try {
    response = await fetch(`${config.baseUrl}/embeddings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, input }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'error',
    })
  } catch (error) {
    if (timeout.aborted)
      throw new EmbeddingsError(`The embeddings model did not answer within ${Math.round(config.timeoutMs / 1000)} s.`, 'timeout')
    throw new EmbeddingsError('The embeddings model could not be reached. Check DOCS_EMBEDDINGS_BASE_URL and the network.', (error as Error)?.message ?? String(error))
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    const hint = response.status === 401 || response.status === 403 ? ' Check DOCS_EMBEDDINGS_API_KEY.' : response.status === 404 ? ' Check DOCS_EMBEDDINGS_MODEL and DOCS_EMBEDDINGS_BASE_URL.' : ''
    throw new EmbeddingsError(`The embeddings model refused the request (HTTP ${response.status}).${hint}`, `HTTP ${response.status}`)
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new EmbeddingsError(UNREADABLE, 'not JSON')
  }
  return vectorsOf(body, input.length)
}

/** Euclidean length: stored beside each vector, so that a search's cosine is one dot product. */
export const norm = (vector: number[]) => Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0))
