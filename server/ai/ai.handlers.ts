/**
 * The AI assistant's routes (lib/api-types/ai.routes.ts). A question goes to the configured
 * OpenAI-compatible model with the project's schema as context; the answer's text is streamed
 * back as `text/plain` while it arrives. The SQL it proposes is never run here.
 *
 * Until the first piece of the answer has arrived nothing is written, so every failure up to
 * then is an ordinary JSON error (502 for the provider's). A failure after that cuts the
 * response off (the connection is reset instead of ended): the browser sees an interrupted
 * stream, never a truncated answer that looks complete.
 */
import { AI_DISABLED_MESSAGE, type aiRoutes } from '@/lib/api-types'
import { PlatformError } from '../kernel/errors'
import type { Handlers } from '../kernel/handler-types'
import { AiUpstreamError, streamChatCompletion, type ChatMessage } from './chat-completions'
import { systemPrompt } from './prompt'
import { formatSchema, readSchema } from './schema-context'

export const aiHandlers: Handlers<typeof aiRoutes> = {
  getAiStatus: async ({ platform }) => {
    const { apiKey, model } = platform.config.ai
    return { enabled: !!apiKey, model: apiKey ? model : null }
  },

  aiSql: async ({ platform, res, requestId, access: project, body }) => {
    const config = platform.config.ai
    if (!config.apiKey) throw new PlatformError(503, AI_DISABLED_MESSAGE)

    const tables = await readSchema(platform, project)
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(tables === null ? null : formatSchema(tables, body.tables)) },
      ...body.messages,
    ]

    // The browser went away (closed the panel, pressed Stop): stop paying for an answer nobody reads.
    const gone = new AbortController()
    const onClose = () => {
      if (!res.writableFinished) gone.abort()
    }
    res.on('close', onClose)
    const pieces = streamChatCompletion({ ...config, apiKey: config.apiKey }, messages, gone.signal)
    try {
      let first: IteratorResult<string>
      try {
        first = await pieces.next()
      } catch (error) {
        throw upstreamFailure(error, requestId)
      }
      res.writeHead(200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-cache, no-store',
        'X-Content-Type-Options': 'nosniff',
        // Proxies such as nginx would otherwise hold the pieces back until the end.
        'X-Accel-Buffering': 'no',
        'X-Request-Id': requestId,
      })
      res.flushHeaders()
      if (!first.done) res.write(first.value)
      try {
        for (let next = first; !next.done; ) {
          next = await pieces.next()
          if (!next.done && !gone.signal.aborted) res.write(next.value)
        }
      } catch (error) {
        if (!gone.signal.aborted) console.warn(`[${requestId}] AI answer cut off: ${(error as AiUpstreamError).detail ?? (error as Error).message}`)
        res.destroy()
        return ''
      }
      res.end()
      return ''
    } finally {
      res.off('close', onClose)
    }
  },
}

function upstreamFailure(error: unknown, requestId: string): PlatformError {
  if (error instanceof AiUpstreamError) {
    console.warn(`[${requestId}] AI provider: ${error.detail}`)
    return new PlatformError(502, error.message)
  }
  console.error(`[${requestId}] AI request failed:`, error)
  return new PlatformError(502, 'The AI provider could not be asked. Try again in a moment.')
}
