import { expect, it } from 'vitest'
import { MAX_STARTUP_BYTES, readStartupPacket, readTypedMessage, startupMessage } from './startup'

const int32s = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255])))

it('reads a startup message with its parameters, waiting for all of it', () => {
  const message = startupMessage({ user: 'postgres', database: 'abcdefghijklmnop', application_name: 'psql' })
  expect(readStartupPacket(message.subarray(0, 3))).toBeNull()
  expect(readStartupPacket(message.subarray(0, message.length - 1))).toBeNull()
  expect(readStartupPacket(message)).toEqual({ kind: 'startup', length: message.length, params: { user: 'postgres', database: 'abcdefghijklmnop', application_name: 'psql' } })
})

it('recognises SSLRequest, GSSENCRequest and CancelRequest', () => {
  expect(readStartupPacket(int32s(8, 80877103))).toEqual({ kind: 'ssl', length: 8 })
  expect(readStartupPacket(int32s(8, 80877104))).toEqual({ kind: 'gssenc', length: 8 })
  expect(readStartupPacket(int32s(16, 80877102, 1, 2))).toEqual({ kind: 'cancel', length: 16 })
  expect(readStartupPacket(int32s(16, 80877102, 1))).toBeNull()
})

it('calls garbage invalid at once instead of waiting for more', () => {
  expect(readStartupPacket(Buffer.from('GET / HTTP/1.1\r\n'))).toMatchObject({ kind: 'invalid' })
  expect(readStartupPacket(int32s(MAX_STARTUP_BYTES + 1, 196608))).toMatchObject({ kind: 'invalid', reason: 'invalid length of startup packet' })
  expect(readStartupPacket(int32s(4))).toMatchObject({ kind: 'invalid' })
  expect(readStartupPacket(int32s(12, 131072, 0))).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('protocol') })
  expect(readStartupPacket(int32s(9, 80877103, 0))).toMatchObject({ kind: 'invalid' })
  // Parameters without their terminators, or a name without a value.
  expect(readStartupPacket(Buffer.concat([int32s(13, 196608), Buffer.from('user\0')]))).toMatchObject({ kind: 'invalid' })
  expect(readStartupPacket(Buffer.concat([int32s(12, 196608), Buffer.from('abcd')]))).toMatchObject({ kind: 'invalid' })
})

it('reads typed messages within a size cap', () => {
  const body = Buffer.from('SCRAM-SHA-256\0')
  const message = Buffer.concat([Buffer.from('p'), int32s(4 + body.length), body])
  expect(readTypedMessage(message.subarray(0, 6), 100)).toBeNull()
  expect(readTypedMessage(message, 100)).toEqual({ type: 'p', body, length: message.length })
  expect(readTypedMessage(Buffer.concat([Buffer.from('p'), int32s(1_000_000)]), 100)).toEqual({ invalid: 'invalid message length' })
  expect(readTypedMessage(Buffer.concat([Buffer.from('p'), int32s(2)]), 100)).toEqual({ invalid: 'invalid message length' })
})
