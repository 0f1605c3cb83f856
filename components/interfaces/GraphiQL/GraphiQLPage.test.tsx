// @vitest-environment happy-dom
/**
 * The GraphiQL page against an MSW-mocked platform: it opens GraphiQL on a query over the
 * project's first table (found from the generated schema), every request goes to the project's
 * GraphQL route, a schema with no table gets a query that says so, and a refused endpoint shows
 * the platform's message with a way to try again.
 */

import { render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '@/data/query-client'
import { graphqlKeys } from '@/data/graphql/keys'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { GraphqlRequest, GraphqlResponse } from '@/lib/api-types'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import { GraphiQLPage } from './GraphiQLPage'

// CodeMirror (GraphiQL's editors) measures text with ranges, which jsdom does not lay out.
const NO_RECT = { x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) }
Range.prototype.getBoundingClientRect = () => NO_RECT as DOMRect
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList

/** GraphiQL mounts its editors over several renders; under a loaded test run that can take a few seconds. */
const EDITOR = { timeout: 10_000 }

const server = setupServer()
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  // GraphiQL is large: loaded once here, the page's dynamic import of it resolves at once.
  await import('./GraphiQLEditor')
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const ROUTE = 'http://localhost:3000/api/platform/projects/abcdefghijklmnopqrst/api/graphql'

const ROOT_WITH_TABLE = {
  __schema: {
    queryType: {
      fields: [
        { name: 'query', type: { name: 'Query' } },
        { name: 'allTodos', type: { name: 'TodoConnection' } },
        { name: 'todoByRowId', type: { name: 'Todo' } },
      ],
    },
  },
}
const TODO_FIELDS = {
  __type: {
    fields: [
      { name: 'nodeId', type: { kind: 'NON_NULL', ofType: { kind: 'SCALAR', ofType: null } } },
      { name: 'rowId', type: { kind: 'NON_NULL', ofType: { kind: 'SCALAR', ofType: null } } },
      { name: 'title', type: { kind: 'SCALAR', ofType: null } },
      { name: 'owner', type: { kind: 'OBJECT', ofType: null } },
    ],
  },
}

/** The text of GraphiQL's query editor (CodeMirror keeps its instance on its element). */
function queryEditorText(): string {
  const element = document.querySelector('.graphiql-query-editor .CodeMirror') as (Element & { CodeMirror?: { getValue(): string } }) | null
  return element?.CodeMirror?.getValue() ?? ''
}

/** The platform's GraphQL route: answers the page's two schema reads, and GraphiQL's own introspection with an error (no schema needed here). */
function endpoint(root: Record<string, unknown>, seen: GraphqlRequest[]) {
  server.use(
    http.post(ROUTE, async ({ request }) => {
      const body = (await request.json()) as GraphqlRequest
      seen.push(body)
      if (body.query.includes('GraphiqlRootFields')) return HttpResponse.json({ data: root } satisfies GraphqlResponse)
      if (body.query.includes('GraphiqlTypeFields')) return HttpResponse.json({ data: TODO_FIELDS } satisfies GraphqlResponse)
      return HttpResponse.json({ errors: [{ message: 'not in this test' }] } satisfies GraphqlResponse)
    })
  )
}

it('opens GraphiQL on the first rows of the first table, through the project route', async () => {
  const seen: GraphqlRequest[] = []
  endpoint(ROOT_WITH_TABLE, seen)
  renderWithQueries(<GraphiQLPage projectRef="abcdefghijklmnopqrst" />)
  expect(screen.getByRole('heading', { name: 'GraphiQL' })).toBeTruthy()
  await screen.findByTestId('graphiql', undefined, EDITOR)
  await waitFor(() => expect(queryEditorText()).toContain('allTodos(first: 10)'), EDITOR)
  expect(queryEditorText()).toMatch(/nodes \{\s+rowId\s+title\s+\}/)
  expect(queryEditorText()).not.toContain('nodeId')
  expect(seen.find((body) => body.query.includes('GraphiqlTypeFields'))?.variables).toEqual({ name: 'Todo' })
  // GraphiQL's own schema request goes through the same route.
  await waitFor(() => expect(seen.some((body) => body.query.includes('__schema') && !body.query.includes('GraphiqlRootFields'))).toBe(true), EDITOR)
})

it('opens on a query that says there is no table yet', async () => {
  endpoint({ __schema: { queryType: { fields: [{ name: 'query', type: { name: 'Query' } }] } } }, [])
  renderWithQueries(<GraphiQLPage projectRef="abcdefghijklmnopqrst" />)
  await screen.findByTestId('graphiql', undefined, EDITOR)
  await waitFor(() => expect(queryEditorText()).toContain('has no tables yet'), EDITOR)
})

it('shows the platform message when the endpoint refuses', async () => {
  server.use(
    http.post(ROUTE, () =>
      HttpResponse.json({ message: 'The project is paused: its database does not serve requests.', code: 409, requestId: 'r1' }, { status: 409 })
    )
  )
  renderWithQueries(<GraphiQLPage projectRef="abcdefghijklmnopqrst" />)
  expect(await screen.findByText("Could not open the project's GraphQL endpoint")).toBeTruthy()
  expect(screen.getByText(/The project is paused/)).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
})

it("opens another project on that project's query, not on the tabs of the one open before", async () => {
  endpoint(ROOT_WITH_TABLE, [])
  server.use(
    http.post('http://localhost:3000/api/platform/projects/zyxwvutsrqponmlkjihg/api/graphql', () =>
      HttpResponse.json({ errors: [{ message: 'not in this test' }] } satisfies GraphqlResponse)
    )
  )
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  // The second project was opened before: its query is cached and its editor mounts at once, while the first one's is still there.
  client.setQueryData(graphqlKeys.defaultQuery('zyxwvutsrqponmlkjihg'), 'query OtherProject { __typename }\n')
  const { rerender } = render(
    <QueryClientProvider client={client}>
      <GraphiQLPage projectRef="abcdefghijklmnopqrst" />
    </QueryClientProvider>
  )
  await waitFor(() => expect(queryEditorText()).toContain('allTodos(first: 10)'), EDITOR)
  // GraphiQL saves its tabs half a second after a change: let the first project's be saved.
  await new Promise((resolve) => setTimeout(resolve, 800))
  rerender(
    <QueryClientProvider client={client}>
      <GraphiQLPage projectRef="zyxwvutsrqponmlkjihg" />
    </QueryClientProvider>
  )
  await waitFor(() => expect(queryEditorText()).toContain('query OtherProject'), EDITOR)
  expect(queryEditorText()).not.toContain('allTodos')
  // And nothing of the first project's comes back once its late saves had their time.
  await new Promise((resolve) => setTimeout(resolve, 800))
  expect(document.querySelectorAll('.graphiql-tab').length).toBeLessThanOrEqual(1)
  expect(queryEditorText()).not.toContain('allTodos')
})
