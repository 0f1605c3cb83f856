/**
 * Renders a component with a fresh query client of the dashboard's own kind (data/query-client),
 * without retries so that an error shows at once, and a user-event session for it.
 */
import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '@/data/query-client'

export function renderWithQueries(ui: ReactElement) {
  const user = userEvent.setup()
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>)
  return { user, client }
}
