/**
 * A client of the Chat Completions API that OpenAI and many compatible servers (local ones
 * included) speak: `POST {base}/chat/completions` with `stream: true`, answered as server-sent
 * events `data: {"choices":[{"delta":{"content":"…"}}]}` and a final `data: [DONE]`. It yields
 * the answer's text as it arrives. Every failure is an AiUpstreamError whose message is fit for
 * the user: it never repeats what the provider said (a 401 there can quote part of the key).
 */
import type { AiConfig } from '../config'

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string }

export class AiUpstreamError extends Error {
  constructor(
    message: string,
    /** For the server log: the provider's status or what went wrong, never the key. */
    public readonly detail: string
  ) {
    super(message)
    this.name = 'AiUpstreamError'
  }
}

function statusMessage(status: number): string {
  if (status === 401 || status === 403)
    return `The AI provider refused the API key (HTTP ${status}). Check OPENAI_API_KEY on the dashboard's server.`
  if (status === 404) return `The AI provider does not know this model or endpoint (HTTP 404). Check OPENAI_MODEL and OPENAI_BASE_URL.`
  if (status === 429) return 'The AI provider is rate limiting this key or its quota is used up (HTTP 429). Try again later.'
  if (status >= 500) return `The AI provider failed (HTTP ${status}). Try again in a moment.`
  return `The AI provider refused the request (HTTP ${status}).`
}

const UNREADABLE = "The AI provider's answer could not be read (not a Chat Completions stream). Check OPENAI_BASE_URL."

/** The text of one event's JSON: a streamed delta, or a whole message from a server that ignored `stream`. */
function contentOf(payload: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(payload)
  } catch {
    throw new AiUpstreamError(UNREADABLE, `not JSON: ${payload.slice(0, 80)}`)
  }
  if (!parsed || typeof parsed !== 'object') throw new AiUpstreamError(UNREADABLE, 'not an object')
  const event = parsed as { error?: { message?: unknown }; choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[] }
  if (event.error) throw new AiUpstreamError('The AI provider stopped with an error while answering. Try again.', 'error event')
  if (!Array.isArray(event.choices)) throw new AiUpstreamError(UNREADABLE, 'no choices')
  const choice = event.choices[0]
  const content = choice?.delta?.content ?? choice?.message?.content
  return typeof content === 'string' ? content : ''
}

/**
 * Streams the model's answer. `signal` stops it (the browser went away); the timeout applies to
 * the wait for the answer and to every pause between two pieces of it.
 */
export async function* streamChatCompletion(config: AiConfig & { apiKey: string }, messages: ChatMessage[], signal: AbortSignal): AsyncGenerator<string> {
  const controller = new AbortController()
  let timedOut = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const arm = () => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, config.timeoutMs)
  }
  const stop = () => controller.abort()
  if (signal.aborted) controller.abort()
  else signal.addEventListener('abort', stop, { once: true })
  const failed = (error: unknown): AiUpstreamError => {
    if (error instanceof AiUpstreamError) return error
    if (timedOut) return new AiUpstreamError(`The AI provider did not answer within ${Math.round(config.timeoutMs / 1000)} s. Try again.`, 'timeout')
    if (signal.aborted) return new AiUpstreamError('The request was stopped.', 'client went away')
    return new AiUpstreamError('The AI provider could not be reached. Check OPENAI_BASE_URL and the network.', (error as Error)?.message ?? String(error))
  }

  arm()
  try {
    let response: Response
    try {
      response = await fetch(`${config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.apiKey}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ model: config.model, stream: true, messages }),
        signal: controller.signal,
        redirect: 'error',
      })
    } catch (error) {
      throw failed(error)
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      throw new AiUpstreamError(statusMessage(response.status), `HTTP ${response.status}`)
    }
    if (!response.body) throw new AiUpstreamError(UNREADABLE, 'no body')

    const type = response.headers.get('content-type') ?? ''
    if (type.includes('application/json')) {
      // A server that answers the whole message at once.
      let text: string
      try {
        text = await response.text()
      } catch (error) {
        throw failed(error)
      }
      yield contentOf(text)
      return
    }

    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    let data: string[] = []
    let sawEvent = false
    for (;;) {
      let chunk: ReadableStreamReadResult<string>
      try {
        chunk = await reader.read()
      } catch (error) {
        throw failed(error)
      }
      arm()
      if (chunk.done) break
      buffer += chunk.value
      const lines = buffer.split(/\r\n|\r|\n/)
      buffer = lines.pop() ?? ''
      for (const line of lines) {
        if (line === '') {
          // A blank line ends an event (SSE): its data lines, joined.
          if (data.length === 0) continue
          const payload = data.join('\n')
          data = []
          sawEvent = true
          if (payload.trim() === '[DONE]') {
            await reader.cancel().catch(() => undefined)
            return
          }
          const text = contentOf(payload)
          if (text) yield text
        } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5))
        // Comments (`: keep-alive`) and other fields (event, id, retry) carry no text.
      }
    }
    if (data.length > 0 && data.join('\n').trim() !== '[DONE]') {
      const text = contentOf(data.join('\n'))
      sawEvent = true
      if (text) yield text
    } else if (data.length > 0) return
    // Ended without [DONE]: fine after real events (some servers omit it), garbage otherwise.
    if (!sawEvent) throw new AiUpstreamError(UNREADABLE, 'no events')
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', stop)
    controller.abort()
  }
}
