import { describe, expect, it } from 'vitest'
import { LineSplitter } from './lines'

const split = (max: number) => {
  const lines: [string, boolean][] = []
  const splitter = new LineSplitter(max, (line, cut) => lines.push([line, cut]))
  return { splitter, lines }
}

describe("a worker's output in lines", () => {
  it('splits chunks into lines, across chunk boundaries and CRLF', () => {
    const { splitter, lines } = split(100)
    splitter.write('one\ntw')
    splitter.write(Buffer.from('o\r\nthree'))
    splitter.end()
    expect(lines).toEqual([
      ['one', false],
      ['two', false],
      ['three', false],
    ])
  })

  it('keeps a multi-byte character split between chunks whole', () => {
    const { splitter, lines } = split(100)
    const bytes = Buffer.from('é\n')
    splitter.write(bytes.subarray(0, 1))
    splitter.write(bytes.subarray(1))
    expect(lines).toEqual([['é', false]])
  })

  it('cuts a long line and skips the rest of it, holding no more than the cut in memory', () => {
    const { splitter, lines } = split(10)
    for (let i = 0; i < 1000; i++) {
      splitter.write('x'.repeat(1000))
      expect(splitter.held).toBeLessThanOrEqual(10)
    }
    splitter.write('y\nnext\n')
    expect(lines).toEqual([
      ['x'.repeat(10), true],
      ['next', false],
    ])
  })

  it('takes a line of exactly the cut length whole', () => {
    const { splitter, lines } = split(4)
    splitter.write('abcd')
    splitter.write('\nef\n')
    expect(lines).toEqual([
      ['abcd', false],
      ['ef', false],
    ])
  })
})
