// @vitest-environment happy-dom
/**
 * The Monaco side of autocomplete, with a stand-in for Monaco's languages API and an MSW-mocked
 * SQL endpoint: one provider for the editor's model, answering from the catalog once it is
 * loaded, disposed on unmount; and nothing at all (no provider, no request) under the textarea
 * stand-in of component tests, which has no languages API.
 */
import { vi } from 'vitest'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { createQueryClient } from '@/data/query-client'
import type { SchemaCatalog } from '@/lib/sql/completion'
import { fakeMonaco } from './MonacoEditor.fake'
import { useSchemaCompletion } from './useSchemaCompletion'

const catalog: SchemaCatalog = {
  schemas: ['public'],
  tables: [{ schema: 'public', name: 'orders', kind: 'table', columns: [{ name: 'id', type: 'bigint' }, { name: 'Total', type: 'numeric' }] }],
  functions: [{ schema: 'public', name: 'add', args: 'a integer, b integer', returns: 'integer' }],
}

/** The projects whose catalog was asked for, in order. */
const queries: string[] = []
const server = setupServer(
  http.post('*/api/platform/pg-meta/:ref/query', ({ params }) => {
    queries.push(params.ref as string)
    return HttpResponse.json([{ catalog }])
  })
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  queries.length = 0
})
afterAll(() => server.close())

type Position = { lineNumber: number; column: number }
type Provider = {
  triggerCharacters: string[]
  provideCompletionItems: (model: unknown, position: Position, context: { triggerCharacter?: string }) => { suggestions: Array<Record<string, unknown>> }
}

/** A one-line model: positions are columns. */
function model(text: string) {
  return { getValue: () => text, getOffsetAt: (p: Position) => p.column - 1, getPositionAt: (offset: number) => ({ lineNumber: 1, column: offset + 1 }) }
}

function monacoWithLanguages() {
  const providers: Array<{ language: string; provider: Provider; dispose: ReturnType<typeof vi.fn> }> = []
  const monaco = {
    ...fakeMonaco,
    languages: {
      CompletionItemKind: { Function: 1, Field: 3, Class: 5, Interface: 7, Module: 8, Keyword: 17 },
      CompletionItemInsertTextRule: { InsertAsSnippet: 4 },
      registerCompletionItemProvider: (language: string, provider: Provider) => {
        const dispose = vi.fn()
        providers.push({ language, provider, dispose })
        return { dispose }
      },
    },
  }
  return { monaco, providers }
}

function mount(monaco: unknown, editorModel: unknown, ref = 'abc') {
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  const editorRef = { current: { getModel: () => editorModel } } as never
  const monacoRef = { current: monaco } as never
  return renderHook(() => useSchemaCompletion(ref, editorRef, monacoRef, true), { wrapper })
}

/** What the provider suggests with the cursor at `|`. */
function suggest(provider: Provider, text: string, forModel?: unknown, triggerCharacter?: string) {
  const offset = text.indexOf('|')
  const m = forModel ?? model(text.replace('|', ''))
  return provider.provideCompletionItems(m, { lineNumber: 1, column: offset + 1 }, { triggerCharacter }).suggestions
}

it('registers one provider for SQL, answers from the catalog for its own model, and disposes it on unmount', async () => {
  const { monaco, providers } = monacoWithLanguages()
  let text = ''
  const editorModel = { ...model(''), getValue: () => text }
  const { unmount } = mount(monaco, editorModel)
  expect(providers).toHaveLength(1)
  const [{ language, provider, dispose }] = providers
  expect(language).toBe('sql')
  expect(provider.triggerCharacters).toEqual(['.', ' ', '"'])

  text = 'select o.T from orders o'
  const at = (column: number) => provider.provideCompletionItems(editorModel, { lineNumber: 1, column }, {}).suggestions
  await waitFor(() => expect(at(11).map((s) => s.label)).toEqual(['id', 'Total']))
  expect(queries).toEqual(['abc'])
  expect(at(11)[1]).toMatchObject({
    kind: 3,
    insertText: '"Total"',
    detail: 'numeric · orders',
    // The typed `T` is replaced, not appended to.
    range: { startLineNumber: 1, startColumn: 10, endLineNumber: 1, endColumn: 11 },
  })

  text = 'select ad'
  expect(at(10).find((s) => s.label === 'add')).toMatchObject({ kind: 1, insertText: 'add($0)', insertTextRules: 4 })

  // Another SQL model on the page is not this editor's.
  expect(suggest(provider, 'select o.| from orders o', model('select o. from orders o'))).toEqual([])

  unmount()
  expect(dispose).toHaveBeenCalledTimes(1)
})

it('offers keywords while the catalog loads, and nothing after a space outside a table’s place', async () => {
  const { monaco, providers } = monacoWithLanguages()
  const editorModel = model('sel')
  mount(monaco, editorModel)
  const [{ provider }] = providers
  expect(provider.provideCompletionItems(editorModel, { lineNumber: 1, column: 4 }, {}).suggestions.map((s) => s.label)).toContain('select')
  const spaced = model('select ')
  expect(provider.provideCompletionItems(spaced, { lineNumber: 1, column: 8 }, { triggerCharacter: ' ' }).suggestions).toEqual([])
})

it('does nothing under the textarea stand-in (no languages API): no provider, no request', async () => {
  expect(() => mount(fakeMonaco, model(''), 'textarea')).not.toThrow()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(queries).not.toContain('textarea')
})
