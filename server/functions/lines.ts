/**
 * A worker's output split into lines, each cut at `maxLine` characters: what follows the cut is
 * skipped up to the next newline. readline would keep a line without a newline whole in memory,
 * so a function printing endlessly without one would grow the app's memory without bound.
 */
import { StringDecoder } from 'node:string_decoder'

export class LineSplitter {
  private pending = ''
  private skipping = false
  private readonly decoder = new StringDecoder('utf8')

  constructor(
    private readonly maxLine: number,
    private readonly onLine: (line: string, cut: boolean) => void
  ) {}

  /** Characters held for the line not ended yet: never more than `maxLine`. */
  get held(): number {
    return this.pending.length
  }

  write(chunk: Buffer | string): void {
    let text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk)
    for (;;) {
      const newline = text.indexOf('\n')
      const part = newline === -1 ? text : text.slice(0, newline)
      if (!this.skipping) {
        const room = this.maxLine - this.pending.length
        if (part.length > room) {
          this.pending += part.slice(0, room)
          this.emit(true)
          this.skipping = true
        } else this.pending += part
      }
      if (newline === -1) return
      if (!this.skipping) this.emit(false)
      this.skipping = false
      text = text.slice(newline + 1)
    }
  }

  /** The last line, when the output ends without a newline. */
  end(): void {
    const rest = this.decoder.end()
    if (rest) this.write(rest)
    if (!this.skipping && this.pending) this.emit(false)
  }

  private emit(cut: boolean) {
    const line = this.pending.endsWith('\r') ? this.pending.slice(0, -1) : this.pending
    this.pending = ''
    this.onLine(line, cut)
  }
}
