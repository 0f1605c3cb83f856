// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { parsePlan } from '@/lib/sql/explain-plan'
import { PlanTree } from './PlanTree'

const LINES = [
  'Hash Join  (cost=1.07..2.18 rows=3 width=40) (actual time=0.030..0.900 rows=3 loops=1)',
  '  Hash Cond: (a.id = b.id)',
  '  ->  Seq Scan on a  (cost=0.00..1.03 rows=3 width=36) (actual time=0.005..0.006 rows=3 loops=1)',
  '  ->  Hash  (cost=1.03..1.03 rows=3 width=4) (actual time=0.010..0.800 rows=3 loops=1)',
  '        ->  Seq Scan on b  (cost=0.00..1.03 rows=3 width=4) (actual time=0.003..0.200 rows=3 loops=2)',
  'Planning Time: 0.100 ms',
  'Execution Time: 0.950 ms',
]

it('shows every node nested, the slowest marked, the times, and details on demand', async () => {
  const user = userEvent.setup()
  render(<PlanTree plan={parsePlan(LINES)} />)
  const tree = screen.getByRole('tree', { name: 'Query plan' })
  expect(within(tree).getAllByRole('treeitem')).toHaveLength(4)
  const hash = within(tree).getAllByRole('treeitem')[2]
  expect(hash).toHaveTextContent('Hash')
  expect(within(hash).getAllByText('Slowest')).toHaveLength(1)
  expect(screen.getByText(/Planning 0.1 ms · Execution 0.95 ms/)).toBeInTheDocument()
  expect(screen.queryByText('Hash Cond: (a.id = b.id)')).not.toBeInTheDocument()
  await user.click(screen.getAllByRole('button', { name: 'Show details' })[0])
  expect(screen.getByText('Hash Cond: (a.id = b.id)')).toBeInTheDocument()
  expect(within(tree).getAllByRole('treeitem')[3]).toHaveTextContent('Loops 2')
})

it('says when there is no plan', () => {
  render(<PlanTree plan={parsePlan([])} />)
  expect(screen.getByText('This result holds no plan.')).toBeInTheDocument()
})
