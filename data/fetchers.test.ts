// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { call, routeUrl, ResponseError, toResponseError, DEFAULT_GET_TIMEOUT_MS } from './fetchers'
import { forgetAccessTokenProvider, setAccessTokenProvider } from '@/lib/auth/session-token'
import { DEFAULT_API_ERROR_MESSAGE, routes } from '@/lib/api-types'

type Call = { url: string; init: RequestInit }
let calls: Call[] = []

function mockFetch(response: () => Response | Promise<Response>) {
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return response()
    })
  )
}

beforeEach(() => setAccessTokenProvider(undefined))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('routeUrl', () => {
  it('fills and encodes path params, comma-joins arrays, and appends /platform to the base only when missing', () => {
    expect(routeUrl(routes.getProject, { ref: 'a b' })).toBe('/api/platform/projects/a%20b')
    expect(routeUrl({ path: '/platform/x' }, {}, { ids: ['a', 'b', 3], q: 'x y', none: undefined })).toBe('/api/platform/x?ids=a%2Cb%2C3&q=x+y')
    const bases = { api: 'https://api.example.com', platform: 'https://api.example.com/platform' }
    expect(routeUrl(routes.listProjects, {}, undefined, bases)).toBe('https://api.example.com/platform/projects')
    expect(routeUrl(routes.getConfig, {}, undefined, bases)).toBe('https://api.example.com/config')
    expect(() => routeUrl(routes.getProject, {})).toThrow('missing path parameter ref')
  })
})

describe('call', () => {
  it('sends a fresh request id, JSON accept, credentials, and the bearer when there is a session', async () => {
    mockFetch(() => Response.json([]))
    setAccessTokenProvider(async () => 'token-123')
    await call(routes.listProjects)
    await call(routes.listProjects)
    const [a, b] = calls.map((c) => c.init.headers as Record<string, string>)
    expect(a.Accept).toBe('application/json')
    expect(a.Authorization).toBe('Bearer token-123')
    expect(a['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(a['X-Request-Id']).not.toBe(b['X-Request-Id'])
    expect(calls[0].init.credentials).toBe('include')
  })

  it('sends no bearer to a public route, and does not wait for the session to find one', async () => {
    mockFetch(() => Response.json({ result: { score: 4, feedback: { warning: '', suggestions: [] } } }))
    let asked = 0
    setAccessTokenProvider(async () => {
      asked++
      return 'token-123'
    })
    await call(routes.checkPassword, { body: { password: 'x' } })
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined()
    expect(asked).toBe(0)
  })

  it('holds a call that needs the session until the session is known, then sends it with the bearer', async () => {
    mockFetch(() => Response.json([]))
    forgetAccessTokenProvider() // a full page load: the auth client has not been started yet
    const pending = call(routes.listProjects)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toHaveLength(0)
    setAccessTokenProvider(async () => 'token-123')
    await pending
    expect(calls).toHaveLength(1)
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer token-123')
  })

  it('lets a public route go before the session is known', async () => {
    mockFetch(() => Response.json({ utcTime: '2026-01-01T00:00:00.000Z' }))
    forgetAccessTokenProvider()
    await call(routes.getUtcTime)
    expect(calls).toHaveLength(1)
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined()
  })

  it('sends no bearer without a session, and POSTs the body as JSON to the filled path', async () => {
    mockFetch(() => Response.json({ id: 1 }))
    expect(await call(routes.createOrganization, { body: { name: 'Acme' } })).toEqual({ id: 1 })
    const headers = calls[0].init.headers as Record<string, string>
    expect(headers.Authorization).toBeUndefined()
    expect(headers['Content-Type']).toBe('application/json')
    expect(calls[0].init.body).toBe('{"name":"Acme"}')
    expect(calls[0].init.method).toBe('POST')
    expect(calls[0].url).toBe('/api/platform/organizations')
  })

  it('answers nothing for a 204', async () => {
    mockFetch(() => new Response(null, { status: 204 }))
    expect(await call(routes.authLogout)).toBeUndefined()
  })

  it.each([
    ['an HTML page', () => new Response('<html>proxy error</html>', { status: 200, headers: { 'X-Request-Id': 'srv-9' } }), 'not JSON'],
    ['an empty body', () => new Response('', { status: 200, headers: { 'X-Request-Id': 'srv-9' } }), 'empty answer'],
  ])('turns %s into a ResponseError with status and request id, not a SyntaxError', async (_, response, words) => {
    mockFetch(response)
    const error = (await call(routes.listProjects).catch((e) => e)) as ResponseError
    expect(error).toBeInstanceOf(ResponseError)
    expect(error.code).toBe(200)
    expect(error.requestId).toBe('srv-9')
    expect(error.message).toContain(words)
  })

  it('times out a GET after 60 s by default', async () => {
    expect(DEFAULT_GET_TIMEOUT_MS).toBe(60_000)
    vi.useFakeTimers()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))
      )
    )
    const pending = call(routes.listProjects).catch((e) => e)
    await vi.advanceTimersByTimeAsync(60_000)
    const error = (await pending) as ResponseError
    expect(error).toBeInstanceOf(ResponseError)
    expect(error.code).toBe(500)
    expect(error.message).toBe('An error has occurred: Request timed out after 60000 ms')
  })
})

describe('error normalisation (SPEC §8)', () => {
  it.each([
    [{ error: 'from error' }, 'from error'],
    [{ message: 'from message' }, 'from message'],
    [{ msg: 'from msg' }, 'from msg'],
    [{ error: { message: 'nested' } }, 'nested'],
  ])('%j → %s', async (body, message) => {
    const error = await toResponseError(Response.json(body, { status: 400 }), 'rid')
    expect(error.message).toBe(message)
    expect(error.code).toBe(400)
    expect(error.requestId).toBe('rid')
  })

  it('falls back to the raw text, then to the status', async () => {
    expect((await toResponseError(new Response('Bad Gateway', { status: 502 }))).message).toBe('Bad Gateway')
    expect((await toResponseError(new Response('', { status: 503 }))).message).toBe('An error has occurred: 503')
  })

  it('keeps the server request id and Postgres details', async () => {
    const error = await toResponseError(Response.json({ message: 'boom', requestId: 'srv-1', pg: { code: '42P01', position: 15 } }, { status: 400 }), 'client-1')
    expect(error.requestId).toBe('srv-1')
    expect(error.pg).toEqual({ code: '42P01', position: 15 })
  })

  it('turns a network failure into code 500', async () => {
    mockFetch(() => {
      throw new TypeError('fetch failed')
    })
    const error = (await call(routes.listProjects).catch((e) => e)) as ResponseError
    expect(error).toBeInstanceOf(ResponseError)
    expect(error.code).toBe(500)
    expect(error.message).toBe('An error has occurred: fetch failed')
    expect(error.requestId).toBeTruthy()
  })

  it('has a default message', () => {
    expect(new ResponseError(undefined, 500).message).toBe(DEFAULT_API_ERROR_MESSAGE)
  })
})
