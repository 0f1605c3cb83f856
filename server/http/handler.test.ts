// @vitest-environment node
/**
 * What a handler's result is sent as: a plain result with the route's status, a reply with its own
 * status and headers (a 304 with none but its headers), raw JSON only from raw routes; the body
 * checked against the route's schema whenever there is one.
 */
import { z } from 'zod'
import { route } from '@/lib/api-types'
import pg from 'pg'
import { successAnswer } from './handler'
import { errorAnswer } from './error-answer'
import { SqlError } from '../databases/types'
import { emptyReply, rawJson, reply } from '../kernel/handler-types'

const thing = route({ method: 'GET', path: '/things/:id', params: z.object({ id: z.string() }), answer: z.object({ id: z.string() }), status: 200 })
const created = route({ method: 'POST', path: '/things', answer: z.object({ id: z.string() }), status: 201 })

it('sends a plain result with the route’s status and no headers of its own', () => {
  expect(successAnswer(created, { id: 'a' }, true)).toEqual({ status: 201, body: { id: 'a' }, headers: {} })
})

it('sends a reply with its status and headers, its body checked like any answer', () => {
  expect(successAnswer(thing, reply(200, { id: 'a' }, { ETag: '"1"' }), true)).toEqual({ status: 200, body: { id: 'a' }, headers: { ETag: '"1"' } })
  expect(() => successAnswer(thing, reply(200, { id: 1 }, { ETag: '"1"' }), true)).toThrow('GET /things/:id answered outside its schema')
})

it('sends a 304 with its headers and nothing to check', () => {
  expect(successAnswer(thing, emptyReply(304, { ETag: '"1"' }), true)).toEqual({ status: 304, body: undefined, headers: { ETag: '"1"' } })
})

it('still checks a plain result that is missing altogether', () => {
  expect(() => successAnswer(thing, undefined, true)).toThrow(/outside its schema/)
  expect(successAnswer(thing, undefined, false).status).toBe(200)
})

it('refuses raw JSON from a route not declared raw', () => {
  const raw = rawJson(new TextEncoder().encode('{"id":"a"}'))
  expect(() => successAnswer(thing, raw, true)).toThrow('answered raw JSON but is not declared raw')
  const rawRoute = route({ method: 'GET', path: '/big', answer: z.unknown(), raw: true })
  expect(successAnswer(rawRoute, raw, true)).toEqual({ status: 200, body: raw.raw, headers: {} })
})

it('answers a full disk with 503 and a sentence, from the control plane or a project (not a 500, nor the SQL\'s fault)', () => {
  const controlPlane = Object.assign(new pg.DatabaseError('could not extend file "base/16384/2619": No space left on device', 0, 'error'), { code: '53100' })
  const answered = errorAnswer(controlPlane, 'platform', 'r1')
  expect(answered).toMatchObject({ status: 503, headers: { 'Retry-After': '30' }, body: { code: 503, message: expect.stringContaining('works again by itself once space is freed') } })
  const project = new SqlError('could not extend file "base/1/2": No space left on device', { code: '53100' })
  expect(errorAnswer(project, 'platform', 'r2')).toMatchObject({ status: 503, body: { pg: { code: '53100' } } })
  expect(errorAnswer(new SqlError('syntax error', { code: '42601' }), 'platform', 'r3').status).toBe(400)
})
