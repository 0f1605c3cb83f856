import { describe, expect, it } from 'vitest'
import Serializer from '@supabase/realtime-js/dist/main/lib/serializer'
import { decodeFrame, encodeFrame, vsnOf } from './frames'

/** What realtime-js's own serializer (vsn 2.0.0) sends. */
const clientSends = (message: { join_ref: string | null; ref: string | null; topic: string; event: string; payload: unknown }): string | ArrayBuffer => {
  let out: string | ArrayBuffer = ''
  new Serializer().encode(message as never, (encoded: string | ArrayBuffer) => (out = encoded))
  return out
}
/** What realtime-js's serializer reads of a frame. */
const clientReads = (data: string | Buffer): Record<string, unknown> => {
  let out: Record<string, unknown> = {}
  const raw = typeof data === 'string' ? data : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
  new Serializer().decode(raw as never, (decoded: Record<string, unknown>) => (out = decoded))
  return out
}
const asBuffer = (sent: string | ArrayBuffer) => (typeof sent === 'string' ? Buffer.from(sent) : Buffer.from(sent))

describe('Phoenix frames', () => {
  it('reads the vsn of the socket URL', () => {
    expect(vsnOf(null)).toBe('1.0.0')
    expect(vsnOf('2.0.0')).toBe('2.0.0')
    expect(vsnOf('3.0.0')).toBeNull()
  })

  it("reads realtime-js's join as a JSON array", () => {
    const sent = clientSends({ join_ref: '1', ref: '1', topic: 'realtime:room', event: 'phx_join', payload: { config: { private: false } } })
    expect(decodeFrame(asBuffer(sent), false, '2.0.0')).toEqual({ joinRef: '1', ref: '1', topic: 'realtime:room', event: 'phx_join', payload: { config: { private: false } } })
  })

  it("reads realtime-js's binary broadcast push, JSON and raw bytes", () => {
    const json = clientSends({ join_ref: '3', ref: '7', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 } } })
    expect(typeof json).not.toBe('string')
    expect(decodeFrame(asBuffer(json), true, '2.0.0')).toEqual({
      joinRef: '3',
      ref: '7',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 } },
    })
    const bytes = new Uint8Array([1, 2, 3]).buffer
    const raw = clientSends({ join_ref: '3', ref: '8', topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'blob', payload: bytes } })
    const decoded = decodeFrame(asBuffer(raw), true, '2.0.0')
    expect((decoded?.payload as { payload: Buffer }).payload).toEqual(Buffer.from([1, 2, 3]))
  })

  it('refuses what is no frame', () => {
    expect(decodeFrame(Buffer.from('{'), false, '2.0.0')).toBeNull()
    expect(decodeFrame(Buffer.from('[1,2]'), false, '2.0.0')).toBeNull()
    expect(decodeFrame(Buffer.from([3, 200, 0, 0, 0, 0, 1]), true, '2.0.0')).toBeNull()
    expect(decodeFrame(Buffer.from([9, 0, 0, 0, 0, 0, 1]), true, '2.0.0')).toBeNull()
    expect(decodeFrame(Buffer.from('{"topic":"t","event":"e"}'), true, '1.0.0')).toBeNull()
  })

  it('reads and writes vsn 1.0.0 objects', () => {
    const message = { joinRef: null, ref: '2', topic: 'phoenix', event: 'heartbeat', payload: {} }
    expect(decodeFrame(Buffer.from(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '2' })), false, '1.0.0')).toEqual(message)
    expect(JSON.parse(encodeFrame(message, '1.0.0').data as string)).toEqual({ join_ref: null, ref: '2', topic: 'phoenix', event: 'heartbeat', payload: {} })
  })

  it('writes a reply as realtime-js reads it', () => {
    const frame = encodeFrame({ joinRef: '1', ref: '1', topic: 'realtime:room', event: 'phx_reply', payload: { status: 'ok', response: {} } }, '2.0.0')
    expect(frame.binary).toBe(false)
    expect(clientReads(frame.data)).toEqual({ join_ref: '1', ref: '1', topic: 'realtime:room', event: 'phx_reply', payload: { status: 'ok', response: {} } })
  })

  it('writes a user broadcast as a binary frame realtime-js reads, with its metadata', () => {
    const frame = encodeFrame(
      { joinRef: null, ref: null, topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 }, meta: { id: 'abc' } } },
      '2.0.0'
    )
    expect(frame.binary).toBe(true)
    expect(clientReads(frame.data as Buffer)).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 }, meta: { id: 'abc' } },
    })
    const raw = encodeFrame({ joinRef: null, ref: null, topic: 'realtime:room', event: 'broadcast', payload: { type: 'broadcast', event: 'blob', payload: Buffer.from([5, 6]) } }, '2.0.0')
    const read = clientReads(raw.data as Buffer) as { payload: { payload: ArrayBuffer } }
    expect(Buffer.from(read.payload.payload)).toEqual(Buffer.from([5, 6]))
  })

  it('writes a broadcast with a topic longer than a length byte as JSON', () => {
    const topic = `realtime:${'x'.repeat(300)}`
    const frame = encodeFrame({ joinRef: null, ref: null, topic, event: 'broadcast', payload: { type: 'broadcast', event: 'e', payload: {} } }, '2.0.0')
    expect(frame.binary).toBe(false)
    expect(clientReads(frame.data).topic).toBe(topic)
  })
})
