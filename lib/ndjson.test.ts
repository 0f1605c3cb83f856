import { readNdjson } from './ndjson'

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

describe('readNdjson', () => {
  it('parses each line once it is whole, however the bytes were split', async () => {
    const lines: unknown[] = []
    await readNdjson(streamOf(['{"a":', '1}\n{"b"', ':"é"}\n', '\n', '{"c":3}']), (line) => lines.push(line))
    expect(lines).toEqual([{ a: 1 }, { b: 'é' }, { c: 3 }])
  })

  it('splits a multi-byte character across chunks correctly', async () => {
    const bytes = new TextEncoder().encode('{"v":"€"}\n')
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7))
        controller.enqueue(bytes.slice(7))
        controller.close()
      },
    })
    const lines: unknown[] = []
    await readNdjson(stream, (line) => lines.push(line))
    expect(lines).toEqual([{ v: '€' }])
  })

  it('tells the length of each line in characters', async () => {
    const lengths: number[] = []
    await readNdjson(streamOf(['{"a":1}\n{"b":"é"}', '\n{"c":33}']), (_line, chars) => lengths.push(chars))
    expect(lengths).toEqual([7, 9, 8])
  })

  it('throws on a line that is not JSON', async () => {
    await expect(readNdjson(streamOf(['{"a":1}\nnope\n']), () => undefined)).rejects.toThrow()
  })
})
