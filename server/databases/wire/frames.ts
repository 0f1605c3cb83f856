/**
 * Cuts a client's bytes (after authentication) into whole frontend messages, so that the
 * project's worker gets each message in one piece (its handler would otherwise copy its whole
 * buffer again for every chunk), and refuses a message before its bytes arrive when its length
 * is over the cap or its type is no frontend message: a client cannot make the platform hold
 * more than one capped message of its input.
 */

/** Frontend message types of protocol 3.0 (Bind, Close, CopyData/Done/Fail, Describe, Execute, Flush, FunctionCall, Parse, password, Query, Sync, Terminate). */
const FRONTEND_TYPES = new Set('BCdcfDEHFPpQSX'.split('').map((c) => c.charCodeAt(0)))

/** Postgres' own cap is 1 GB (PQ_LARGE_MESSAGE_LIMIT); nothing a client sends here needs more than this. */
export const MAX_WIRE_MESSAGE_BYTES = 64 * 1024 * 1024

export type FrameResult = { messages: Buffer[] } | { invalid: string }

export class MessageFramer {
  private chunks: Buffer[] = []
  private buffered = 0
  /** The length of the message being gathered, once its header is in. */
  private expected: number | null = null

  constructor(private readonly maxBytes = MAX_WIRE_MESSAGE_BYTES) {}

  /** Bytes held for a message not complete yet. */
  get pendingBytes(): number {
    return this.buffered
  }

  push(chunk: Buffer): FrameResult {
    if (chunk.length > 0) {
      this.chunks.push(chunk)
      this.buffered += chunk.length
    }
    const messages: Buffer[] = []
    for (;;) {
      if (this.expected === null) {
        if (this.buffered < 5) break
        const head = this.take(5, false)
        if (!FRONTEND_TYPES.has(head[0])) return { invalid: 'invalid frontend message type' }
        const length = head.readUInt32BE(1)
        if (length < 4) return { invalid: 'invalid message length' }
        if (length > this.maxBytes) return { invalid: `message of ${length} bytes is over the limit of ${this.maxBytes} bytes` }
        this.expected = 1 + length
      }
      if (this.buffered < this.expected) break
      messages.push(this.take(this.expected, true))
      this.expected = null
    }
    return { messages }
  }

  /** The first `n` buffered bytes as one buffer (removed when `consume`). */
  private take(n: number, consume: boolean): Buffer {
    const whole = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks)
    this.chunks = [whole]
    const out = whole.subarray(0, n)
    if (consume) {
      const rest = whole.subarray(n)
      this.chunks = rest.length > 0 ? [rest] : []
      this.buffered -= n
    }
    return out
  }
}
