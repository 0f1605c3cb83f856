// @vitest-environment happy-dom
/**
 * The flag client against an MSW-mocked platform: it downloads the configuration with its ETag,
 * keeps what it holds on a 304 (asking again every 420 s), keeps a copy for the next page load,
 * and logs every failure in SPEC §8's words without ever breaking the page; `useFlag` treats
 * unknown keys as off and says so once.
 */
import { vi } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import type { FlagConfig } from '@/lib/api-types'
import { FLAG_FETCH_TIMEOUT_MS, FLAG_POLL_INTERVAL_MS, getFlagConfig } from './flag-config-query'
import { saveFlagConfig } from './flag-config-cache'
import { useFlag, useFlagValue } from './use-flag'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
  vi.restoreAllMocks()
  window.localStorage.clear()
})
afterAll(() => server.close())

const SDK_KEY = 'sdk-client-test-key-0001'
const CONFIG_URL = `*/api/flags/${SDK_KEY}/config.json`
const config = (notice: string | boolean, revision = 1): FlagConfig => ({
  revision,
  salt: 's',
  flags: { noticeBanner: { value: notice, rules: [] }, functionsAssistantV2: { value: true, rules: [] } },
})

/** Serves `current` with ETag "r<revision>", 304 when asked with it; records every If-None-Match received. */
function flagServer(current: { config: FlagConfig }) {
  const received: (string | null)[] = []
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false, featureFlagsSdkKey: SDK_KEY })),
    http.get('*/api/platform/profile', () => HttpResponse.json({ id: 1, gotrue_id: '2b7e1e8c-3c6e-4f6a-9a53-6f1f8f0a1b2c', primary_email: 'dev@example.com' })),
    http.get(CONFIG_URL, ({ request }) => {
      const etag = `"r${current.config.revision}"`
      received.push(request.headers.get('if-none-match'))
      if (request.headers.get('if-none-match') === etag) return new HttpResponse(null, { status: 304, headers: { ETag: etag } })
      return HttpResponse.json(current.config, { headers: { ETag: etag } })
    })
  )
  return received
}

function Flags() {
  const notice = useFlagValue('noticeBanner')
  const assistant = useFlag('functionsAssistantV2')
  const missing = useFlag('noSuchFlag')
  return <output data-testid="flags">{JSON.stringify({ notice: notice ?? null, assistant, missing })}</output>
}

const renderFlags = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Flags />
    </QueryClientProvider>
  )
const shown = () => JSON.parse(screen.getByTestId('flags').textContent!)

describe('the configuration and its ETag', () => {
  it('is downloaded with its ETag, and kept as it is on a 304', async () => {
    const received = flagServer({ config: config('Hello') })
    const first = await getFlagConfig({ sdkKey: SDK_KEY })
    expect(first).toEqual({ config: config('Hello'), etag: '"r1"' })
    const again = await getFlagConfig({ sdkKey: SDK_KEY, held: first })
    expect(again).toBe(first)
    expect(received).toEqual([null, '"r1"'])
  })

  it('is asked for again every 420 s: kept on a 304, replaced when it changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const current = { config: config('Hello') }
    const received = flagServer(current)
    renderFlags()
    await waitFor(() => expect(shown()).toEqual({ notice: 'Hello', assistant: true, missing: false }))

    await act(() => vi.advanceTimersByTimeAsync(FLAG_POLL_INTERVAL_MS))
    await waitFor(() => expect(received).toEqual([null, '"r1"']))
    expect(shown().notice).toBe('Hello')

    current.config = config('Changed', 2)
    await act(() => vi.advanceTimersByTimeAsync(FLAG_POLL_INTERVAL_MS))
    await waitFor(() => expect(shown().notice).toBe('Changed'))
    expect(received).toEqual([null, '"r1"', '"r1"'])
  })

  it('is kept for the next page load, which starts from it and asks with its ETag', async () => {
    saveFlagConfig(SDK_KEY, { config: config('From the last visit'), etag: '"r1"' }, Date.now() - FLAG_POLL_INTERVAL_MS - 1)
    // The server's revision 1 is what was kept (its text differs here only to tell the two apart).
    const received = flagServer({ config: config('From the server') })
    renderFlags()
    await waitFor(() => expect(shown().notice).toBe('From the last visit'))
    await waitFor(() => expect(received).toEqual(['"r1"']))
    expect(shown().notice).toBe('From the last visit')
  })
})

describe('failures are logged, and flags keep what they had', () => {
  it.each([403, 404])('%s says to double-check the SDK key', async (status) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.get(CONFIG_URL, () => HttpResponse.json({ message: 'There is no flag configuration for this SDK key.' }, { status })))
    await expect(getFlagConfig({ sdkKey: SDK_KEY })).rejects.toMatchObject({ code: status })
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Double-check your SDK Key'))
  })

  it('a 500 is an unexpected HTTP response', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.get(CONFIG_URL, () => HttpResponse.json({ message: 'Boom' }, { status: 500 })))
    await expect(getFlagConfig({ sdkKey: SDK_KEY })).rejects.toMatchObject({ code: 500 })
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Unexpected HTTP response was received while fetching the configuration: HTTP 500 (Boom)'))
  })

  it('a network failure says so', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.get(CONFIG_URL, () => HttpResponse.error()))
    await expect(getFlagConfig({ sdkKey: SDK_KEY })).rejects.toMatchObject({ network: true })
    expect(error).toHaveBeenCalledWith(expect.stringContaining('could not be fetched because of a network failure'))
  })

  it('a request that takes too long times out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.get(CONFIG_URL, () => delay('infinite')))
    const pending = getFlagConfig({ sdkKey: SDK_KEY })
    const failed = expect(pending).rejects.toMatchObject({ network: true })
    await vi.advanceTimersByTimeAsync(FLAG_FETCH_TIMEOUT_MS)
    await failed
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`timed out after ${FLAG_FETCH_TIMEOUT_MS} ms`))
  })

  it('an aborted request says it was aborted', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    server.use(http.get(CONFIG_URL, () => delay('infinite')))
    const controller = new AbortController()
    const pending = getFlagConfig({ sdkKey: SDK_KEY }, controller.signal)
    controller.abort()
    await expect(pending).rejects.toThrow()
    expect(warn).toHaveBeenCalledWith('Feature flags: the request for the configuration was aborted.')
  })

  it('a configuration that is not one is refused', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(http.get(CONFIG_URL, () => HttpResponse.json({ flags: 'all on' })))
    await expect(getFlagConfig({ sdkKey: SDK_KEY })).rejects.toThrow('not valid')
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Unexpected HTTP response'))
  })

  it('the page keeps the flags it had when a refresh fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    saveFlagConfig(SDK_KEY, { config: config('Kept'), etag: '"r1"' }, Date.now() - FLAG_POLL_INTERVAL_MS - 1)
    flagServer({ config: config('Kept') })
    let asked = 0
    server.use(
      http.get(CONFIG_URL, () => {
        asked++
        return HttpResponse.json({ message: 'no' }, { status: 403 })
      })
    )
    renderFlags()
    await waitFor(() => expect(asked).toBe(1))
    expect(shown()).toEqual({ notice: 'Kept', assistant: true, missing: false })
  })
})

it('treats an unknown key as off and reports it once, however many components ask', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  flagServer({ config: config(false) })
  function Unknown() {
    return <output data-testid="unknown">{String(useFlag('onlyAskedHere'))}</output>
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Unknown />
      <Unknown />
    </QueryClientProvider>
  )
  await waitFor(() => expect(warn).toHaveBeenCalledWith('Feature flags: "onlyAskedHere" is not in the configuration; it is treated as off.'))
  expect(screen.getAllByTestId('unknown').map((e) => e.textContent)).toEqual(['false', 'false'])
  expect(warn.mock.calls.filter(([m]) => String(m).includes('onlyAskedHere'))).toHaveLength(1)
})
