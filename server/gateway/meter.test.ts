// @vitest-environment node
import http from 'node:http'
import { Readable } from 'node:stream'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { meterAnswer } from './meter'

let server: http.Server
let base = ''
const counted: number[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let total = 0
    meterAnswer(res, (bytes) => (total += bytes))
    res.once('finish', () => counted.push(total))
    if (req.url === '/piped') return Readable.from([Buffer.alloc(70_000, 1), Buffer.alloc(30_000, 2)]).pipe(res)
    res.write('héllo ', 'utf8')
    res.end(Buffer.from('world'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

it('counts the bytes written, piped or not, and none of a HEAD', async () => {
  expect(await (await fetch(`${base}/plain`)).text()).toBe('héllo world')
  expect((await (await fetch(`${base}/piped`)).arrayBuffer()).byteLength).toBe(100_000)
  await fetch(`${base}/plain`, { method: 'HEAD' })
  expect(counted).toEqual([12, 100_000, 0])
})
