// @vitest-environment happy-dom
/**
 * The sign-in page's testimonials against an MSW-mocked platform: shown beside the form once they
 * arrive (never holding the form up), initials when a picture is missing or broken, and the form
 * alone with its panel heading when the platform answers none or fails.
 */
import { vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { Testimonials } from './Testimonials'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const ada = { text: 'Set up in minutes.', url: 'https://example.com/@ada', handle: '@ada_l', img_url: '/testimonials/ada.svg' }
const grace = { text: 'The SQL editor is great.', url: 'https://example.com/@grace', handle: '@grace.h', img_url: null }

function renderPanel() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Testimonials />
    </QueryClientProvider>
  )
}

it('shows each testimonial with its link, picture or initials', async () => {
  server.use(http.get('*/api/site/testimonials', () => HttpResponse.json([ada, grace])))
  renderPanel()
  const panel = screen.getByRole('complementary', { name: 'What developers say' })
  expect(await within(panel).findByText('“Set up in minutes.”')).toBeInTheDocument()
  const link = screen.getByRole('link', { name: '@ada_l' })
  expect(link).toHaveAttribute('href', 'https://example.com/@ada')
  expect(link).toHaveAttribute('target', '_blank')
  expect(link.getAttribute('rel')).toContain('noopener')
  expect(panel.querySelector('img')?.getAttribute('src')).toMatch(/\/testimonials\/ada\.svg$/)
  expect(within(panel).getByText('GH')).toBeInTheDocument() // @grace.h has no picture
})

it('falls back to initials when a picture does not load', async () => {
  server.use(http.get('*/api/site/testimonials', () => HttpResponse.json([ada])))
  renderPanel()
  await screen.findByText('“Set up in minutes.”')
  fireEvent.error(document.querySelector('img')!)
  expect(screen.getByText('AL')).toBeInTheDocument()
  expect(document.querySelector('img')).toBeNull()
})

it('shows placeholders while loading, then nothing but the heading when the platform fails', async () => {
  server.use(
    http.get('*/api/site/testimonials', async () => {
      await delay(20)
      return HttpResponse.json({ message: 'boom' }, { status: 500 })
    })
  )
  const { container } = renderPanel()
  expect(container.querySelector('[aria-busy="true"]')).not.toBeNull()
  await vi.waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull())
  expect(screen.getByText(/Developers build on/)).toBeInTheDocument()
  expect(screen.queryByRole('listitem')).toBeNull()
})
