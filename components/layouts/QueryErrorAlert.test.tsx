// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryErrorAlert } from './QueryErrorAlert'

describe('QueryErrorAlert', () => {
  it("says what failed with the error's message, and Try again calls the retry", async () => {
    const onRetry = vi.fn()
    render(<QueryErrorAlert title="Could not load the backups" error={new Error('connection refused')} onRetry={onRetry} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Could not load the backups')
    expect(alert).toHaveTextContent('connection refused')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('shows its own text in place of the bare message, and a busy button while retrying', () => {
    render(
      <QueryErrorAlert title="Cannot reach the dashboard's server" error={new Error('Failed to fetch')} onRetry={() => undefined} retrying>
        Failed to fetch. Check that the server is running, then try again.
      </QueryErrorAlert>
    )
    expect(screen.getByText('Failed to fetch. Check that the server is running, then try again.')).toBeInTheDocument()
    expect(screen.queryByText('Failed to fetch')).toBeNull()
    expect(screen.getByRole('button', { name: /Try again/ })).toBeDisabled()
  })
})
