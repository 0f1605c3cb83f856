// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { runResultOf } from '@/lib/sql/result-set'
import { PanelResults } from './PanelResults'

const columns = [{ name: 'n', dataTypeID: 23 }]

it('says when the editor stopped the last result at its budget, and nothing for a whole one', () => {
  const whole = runResultOf(columns, [[1], [2]])
  const { rerender } = render(<PanelResults results={[whole]} />)
  expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '3')
  expect(screen.queryByText(/Showing the first/)).not.toBeInTheDocument()

  const cut = { ...runResultOf(columns, [[1], [2]]), complete: false, cut: true }
  rerender(<PanelResults results={[cut]} />)
  expect(screen.getByText(/^Showing the first 2 rows: the editor stopped the query at 128 MB/)).toBeInTheDocument()
})
