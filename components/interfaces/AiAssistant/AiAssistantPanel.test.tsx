// @vitest-environment happy-dom
/**
 * The assistant panel against an MSW-mocked platform: without a model it says how to enable one
 * and offers no input; a question is sent with Enter and the answer appears piece by piece, with
 * Stop while it streams; proposed SQL can be copied and sent to the editor; a refusal is shown.
 */
import { vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { addAssistantMessage, aiAssistantState } from '@/state/ai-assistant'
import { AiAssistantPanel } from './AiAssistantPanel'
import { withRouter } from '@/tests/helpers/router'

const router = { push: vi.fn(async () => true), replace: vi.fn(async () => true), asPath: '/project/abc', pathname: '/project/[ref]', query: {}, isReady: true }

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  aiAssistantState.reset()
  aiAssistantState.open = true
  router.push.mockClear()
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function renderPanel({ enabled = true } = {}) {
  server.use(http.get('*/api/platform/ai/status', () => HttpResponse.json({ enabled, model: enabled ? 'gpt-test' : null })))
  return render(
    withRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <AiAssistantPanel projectRef="abc" />
      </QueryClientProvider>
    )
  )
}

/** An answer body the test feeds piece by piece. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
  const encoder = new TextEncoder()
  return { body, push: (text: string) => controller.enqueue(encoder.encode(text)), end: () => controller.close() }
}

it('says how to enable the assistant when the server has no model, and offers no input', async () => {
  renderPanel({ enabled: false })
  expect(await screen.findByText('The AI assistant is not enabled')).toBeInTheDocument()
  expect(screen.getByText('OPENAI_API_KEY')).toBeInTheDocument()
  expect(screen.getByText('OPENAI_BASE_URL')).toBeInTheDocument()
  expect(screen.getByText('OPENAI_MODEL')).toBeInTheDocument()
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
})

it('sends a question with Enter and shows the answer as it streams in', async () => {
  const stream = controlledStream()
  const sent: unknown[] = []
  server.use(
    http.post('*/api/platform/projects/abc/ai/sql', async ({ request }) => {
      sent.push(await request.json())
      return new HttpResponse(stream.body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    })
  )
  const user = userEvent.setup()
  renderPanel()
  expect(await screen.findByText('Ask about your schema, or describe the query you need')).toBeInTheDocument()
  const input = screen.getByRole('textbox', { name: 'Message the assistant' })
  await user.type(input, 'Count the todos{Shift>}{Enter}{/Shift}please')
  expect(input).toHaveValue('Count the todos\nplease')
  await user.keyboard('{Enter}')

  expect(await screen.findByText('Count the todos\nplease', { normalizer: (s) => s })).toBeInTheDocument()
  expect(input).toHaveValue('')
  expect(await screen.findByRole('button', { name: 'Stop' })).toBeInTheDocument()
  stream.push('You can count ')
  expect(await screen.findByText('You can count')).toBeInTheDocument()
  stream.push('them:\n```sql\nselect count(*) from todos;\n```\n')
  stream.end()
  expect(await screen.findByText('select count(*) from todos;')).toBeInTheDocument()
  expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument()
  expect(screen.getByText('You can count them:')).toBeInTheDocument()
  expect(sent).toEqual([{ messages: [{ role: 'user', content: 'Count the todos\nplease' }] }])
  expect(aiAssistantState.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
  expect(screen.getAllByText(/^\d\d:\d\d$/)).toHaveLength(2)
})

it('stops an answer with Stop, keeping what arrived', async () => {
  const stream = controlledStream()
  server.use(http.post('*/api/platform/projects/abc/ai/sql', () => new HttpResponse(stream.body, { headers: { 'Content-Type': 'text/plain' } })))
  const user = userEvent.setup()
  renderPanel()
  await user.type(await screen.findByRole('textbox', { name: 'Message the assistant' }), 'Explain indexes{Enter}')
  stream.push('Indexes make lookups fast')
  expect(await screen.findByText('Indexes make lookups fast')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Stop' }))
  expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument()
  expect(screen.getByText('Indexes make lookups fast')).toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

it('shows why the assistant could not answer, and asks again', async () => {
  let calls = 0
  server.use(
    http.post('*/api/platform/projects/abc/ai/sql', () =>
      ++calls === 1
        ? HttpResponse.json({ code: 502, message: 'The AI provider refused the API key (HTTP 401).', requestId: 'r1' }, { status: 502 })
        : new HttpResponse('Second time lucky', { headers: { 'Content-Type': 'text/plain' } })
    )
  )
  const user = userEvent.setup()
  renderPanel()
  await user.type(await screen.findByRole('textbox', { name: 'Message the assistant' }), 'hello{Enter}')
  expect(await screen.findByRole('alert')).toHaveTextContent('The AI provider refused the API key (HTTP 401).')
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('Second time lucky')).toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

it('copies proposed SQL, and sends it to the editor', async () => {
  const user = userEvent.setup()
  vi.spyOn(document, 'hasFocus').mockReturnValue(true)
  addAssistantMessage('user', 'Open todos?')
  addAssistantMessage('assistant', 'Try:\n```sql\nselect * from todos where not done;\n```')
  renderPanel()
  expect(await screen.findByText('select * from todos where not done;')).toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Copy SQL' }))
  expect(await navigator.clipboard.readText()).toBe('select * from todos where not done;')

  await navigator.clipboard.writeText('')
  await user.click(screen.getByRole('button', { name: 'Insert into editor' }))
  expect(aiAssistantState.sqlSnippets).toEqual(['select * from todos where not done;'])
  await waitFor(() => expect(router.push).toHaveBeenCalledWith('/project/abc/sql/new'))
  expect(await navigator.clipboard.readText()).toBe('select * from todos where not done;')
})

it('clears the conversation', async () => {
  const user = userEvent.setup()
  addAssistantMessage('user', 'Old question')
  renderPanel()
  expect(await screen.findByText('Old question')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Clear conversation' }))
  expect(screen.queryByText('Old question')).not.toBeInTheDocument()
  expect(screen.getByText('Ask about your schema, or describe the query you need')).toBeInTheDocument()
})
