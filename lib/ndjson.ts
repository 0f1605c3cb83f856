/** Newline-delimited JSON (one JSON value per line), read from a stream as it arrives. */

/**
 * Reads newline-delimited JSON from a response body, calling `onLine` with each parsed line. A
 * line is parsed only once it is whole, however the bytes were split.
 */
export async function readNdjson(body: ReadableStream<Uint8Array>, onLine: (line: unknown) => void): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let tail = ''
  const take = (chunk: string) => {
    const parts = (tail + chunk).split('\n')
    tail = parts.pop() ?? ''
    for (const part of parts) if (part.trim()) onLine(JSON.parse(part))
  }
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      take(decoder.decode(value, { stream: true }))
    }
    take(decoder.decode())
    if (tail.trim()) onLine(JSON.parse(tail))
  } finally {
    reader.releaseLock()
  }
}
