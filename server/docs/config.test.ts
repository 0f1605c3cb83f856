// @vitest-environment node
import { DEFAULT_DOCS_EMBEDDINGS_MODEL, DEFAULT_DOCS_SEARCH_URL, readDocsSearchConfig } from './config'

const read = (vars: Record<string, string>) => readDocsSearchConfig((name) => vars[name])

describe('readDocsSearchConfig', () => {
  it('defaults to the built-in backend, 120 searches a minute, and no embeddings model', () => {
    expect(read({})).toEqual({ publicUrl: DEFAULT_DOCS_SEARCH_URL, perIp: { limit: 120, windowSeconds: 60 }, embeddings: null })
  })

  it.each([
    ['/api/docs/', '/api/docs'],
    ['/search', '/search'],
    ['https://docs.example.com/api/', 'https://docs.example.com/api'],
    ['http://localhost:4000', 'http://localhost:4000'],
  ])('DOCS_SEARCH_URL=%s → %s', (raw, url) => {
    expect(read({ DOCS_SEARCH_URL: raw }).publicUrl).toBe(url)
  })

  it.each(['//evil.example', 'javascript:alert(1)', 'ftp://docs.example', 'docs'])('refuses DOCS_SEARCH_URL=%s, naming it', (raw) => {
    expect(() => read({ DOCS_SEARCH_URL: raw })).toThrow('DOCS_SEARCH_URL must be an http(s) URL')
  })

  it.each([
    ['0', 0],
    ['30', 30],
  ])('RATE_LIMIT_DOCS_SEARCH=%s', (raw, limit) => {
    expect(read({ RATE_LIMIT_DOCS_SEARCH: raw }).perIp.limit).toBe(limit)
  })

  it.each(['-1', '2.5', 'many'])('refuses RATE_LIMIT_DOCS_SEARCH=%s', (raw) => {
    expect(() => read({ RATE_LIMIT_DOCS_SEARCH: raw })).toThrow('RATE_LIMIT_DOCS_SEARCH must be a whole number')
  })

  it('turns embeddings on with a base URL or a key (OpenAI then); the model is optional', () => {
    expect(read({ DOCS_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1/' }).embeddings).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: DEFAULT_DOCS_EMBEDDINGS_MODEL,
      timeoutMs: 15_000,
    })
    expect(read({ DOCS_EMBEDDINGS_BASE_URL: 'https://api.openai.com/v1', DOCS_EMBEDDINGS_API_KEY: 'sk-1', DOCS_EMBEDDINGS_MODEL: 'text-embedding-3-large' }).embeddings).toMatchObject({
      apiKey: 'sk-1',
      model: 'text-embedding-3-large',
    })
    expect(read({ DOCS_EMBEDDINGS_API_KEY: 'sk-1' }).embeddings).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1' })
    expect(() => read({ DOCS_EMBEDDINGS_BASE_URL: 'not a url' })).toThrow('DOCS_EMBEDDINGS_BASE_URL must be an http(s) URL')
  })
})
