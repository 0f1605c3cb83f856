/** Newline-delimited JSON (one JSON value per line), read from a stream as it arrives. */

/**
 * Reads newline-delimited JSON from a response body, calling `onLine` with each parsed line and
 * its length in characters (what a reader that holds lines can count against a budget). A line is
 * parsed only once it is whole, however the bytes were split. An abort of `signal` cancels the
 * body (the server sees its reader go) and throws its reason, whether or not the fetch behind the
 * body ends it too.
 */
export async function readNdjson(
  body: ReadableStream<Uint8Array>,
  onLine: (line: unknown, chars: number) => void,
  signal?: AbortSignal
): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let tail = ''
  const take = (chunk: string) => {
    const parts = (tail + chunk).split('\n')
    tail = parts.pop() ?? ''
    for (const part of parts) if (part.trim()) onLine(JSON.parse(part), part.length)
  }
  const aborted = () => signal?.reason ?? new DOMException('The read was aborted.', 'AbortError')
  const cancel = () => void reader.cancel(aborted()).catch(() => undefined)
  signal?.addEventListener('abort', cancel, { once: true })
  try {
    for (;;) {
      if (signal?.aborted) throw aborted()
      const { done, value } = await reader.read()
      if (signal?.aborted) throw aborted()
      if (done) break
      take(decoder.decode(value, { stream: true }))
    }
    take(decoder.decode())
    if (tail.trim()) onLine(JSON.parse(tail), tail.length)
  } finally {
    signal?.removeEventListener('abort', cancel)
    reader.releaseLock()
  }
}
