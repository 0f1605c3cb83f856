/**
 * Calls to an OAuth provider. A provider is somebody else's server: it may be slow, down, or
 * answer something that is not what it should. Every call has a deadline, a size limit and no
 * redirects to follow, and anything unexpected becomes a ProviderCallError the caller words for
 * the user; the details go to the server log only.
 */
import { PRODUCT_NAME } from '@/lib/constants'

/** More than any token or profile answer; bounds what a misbehaving provider can make us read. */
const MAX_ANSWER_BYTES = 256 * 1024

export class ProviderCallError extends Error {
  name = 'ProviderCallError'
}

async function readBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > MAX_ANSWER_BYTES) throw new ProviderCallError(`answer of ${declared} bytes is too large`)
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw new ProviderCallError('answer is too large')
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The JSON a provider answers, within `timeoutMs`; any failure is a ProviderCallError. */
export async function providerJson(url: string, init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }, timeoutMs: number): Promise<unknown> {
  let response: Response
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      // GitHub's API refuses requests without a User-Agent.
      headers: { Accept: 'application/json', 'User-Agent': `${PRODUCT_NAME} auth`, ...init.headers },
      redirect: 'manual',
      signal,
    })
  } catch (error) {
    throw new ProviderCallError(signal.aborted ? `no answer within ${timeoutMs} ms` : `unreachable: ${(error as Error).message}`)
  }
  let text: string
  try {
    text = await readBounded(response)
  } catch (error) {
    if (error instanceof ProviderCallError) throw error
    throw new ProviderCallError(signal.aborted ? `no complete answer within ${timeoutMs} ms` : `answer broke off: ${(error as Error).message}`)
  }
  if (response.status < 200 || response.status >= 300) throw new ProviderCallError(`HTTP ${response.status}: ${text.slice(0, 200)}`)
  // Postgres text and jsonb cannot hold NUL: such an answer is refused, never stored.
  if (text.includes('\\u0000')) throw new ProviderCallError('answer holds a NUL character')
  try {
    return JSON.parse(text)
  } catch {
    throw new ProviderCallError(`answer is not JSON: ${text.slice(0, 200)}`)
  }
}
