// @vitest-environment node
import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'
import { responseStream } from './stream-response'

/** A response whose client is behind: every write says "wait". */
function slowResponse() {
  const res = Object.assign(new EventEmitter(), {
    writableNeedDrain: true,
    writableEnded: false,
    writableFinished: false,
    statusCode: 0,
    setHeader: () => undefined,
    write: () => false,
    end: () => undefined,
  })
  return res as unknown as ServerResponse & EventEmitter & { writableNeedDrain: boolean }
}

describe('responseStream', () => {
  it('shares one wait among all writers while the client is behind, and frees it on drain', async () => {
    const res = slowResponse()
    const stream = responseStream(res, 'req-1')
    expect(stream.write('{"type":"rows"}\n')).toBe(false)
    const waits = Array.from({ length: 50 }, () => stream.drained())
    expect(new Set(waits).size).toBe(1)
    expect(res.listenerCount('drain')).toBe(1)
    res.writableNeedDrain = false
    res.emit('drain')
    await Promise.all(waits)
    expect(res.listenerCount('drain')).toBe(0)
  })

  it('lets every waiter go when the client leaves', async () => {
    const res = slowResponse()
    const stream = responseStream(res, 'req-2')
    const wait = stream.drained()
    res.emit('close')
    await wait
    expect(stream.gone).toBe(true)
    await expect(stream.drained()).resolves.toBeUndefined()
  })
})
