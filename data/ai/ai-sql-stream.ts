/**
 * Asks the assistant (POST /platform/projects/{ref}/ai/sql) and hands each piece of the answer to
 * `onText` as it arrives. The one call that does not go through `call()`: its answer is a text
 * stream read piece by piece, not JSON. It sends what `call()` sends (request id, bearer,
 * credentials) through the same helpers, and fails with the same ResponseError.
 */
import { aiRoutes } from '@/lib/api-types/browser/ai.routes'
import type { AiSqlBody } from '@/lib/api-types'
import { getAccessToken } from '@/lib/auth/session-token'
import { ResponseError, routeUrl, toResponseError } from '../fetchers'

export const INTERRUPTED_MESSAGE = 'The answer was interrupted before it was complete. Try again.'

export async function streamAiSql(
  { ref, ...body }: AiSqlBody & { ref: string },
  { signal, onText }: { signal?: AbortSignal; onText: (text: string) => void }
): Promise<void> {
  const requestId = crypto.randomUUID()
  const headers: Record<string, string> = { Accept: 'text/plain', 'Content-Type': 'application/json', 'X-Request-Id': requestId }
  const token = await getAccessToken()
  if (token) headers.Authorization = `Bearer ${token}`

  let response: Response
  try {
    response = await fetch(routeUrl(aiRoutes.aiSql, { ref }), { method: 'POST', headers, credentials: 'include', body: JSON.stringify(body), signal })
  } catch (error) {
    // Stopped by the caller: not an API error.
    if (signal?.aborted) throw error
    throw new ResponseError(`An error has occurred: ${error instanceof Error ? error.message : String(error)}`, 500, { requestId })
  }
  if (!response.ok) throw await toResponseError(response, requestId)
  const serverId = response.headers.get('X-Request-Id') ?? requestId
  if (!response.body) {
    onText(await response.text())
    return
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  // Stop ends the reading at once, whether or not the fetch itself notices the abort.
  const stop = () => void reader.cancel().catch(() => undefined)
  signal?.addEventListener('abort', stop, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      const text = decoder.decode(value, { stream: true })
      if (text) onText(text)
    }
    const rest = decoder.decode()
    if (rest) onText(rest)
  } catch (error) {
    if (signal?.aborted) throw error
    // The server resets the connection when the model fails mid-answer: what came is not all.
    throw new ResponseError(INTERRUPTED_MESSAGE, 502, { requestId: serverId })
  } finally {
    signal?.removeEventListener('abort', stop)
  }
}
