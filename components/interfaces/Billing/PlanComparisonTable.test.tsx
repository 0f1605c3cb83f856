// @vitest-environment happy-dom
/**
 * The plan comparison: every group the platform answers, in its order, with the plans as columns;
 * booleans read as 'Included' / 'Not included', lists as lists; usage-based rows marked and the
 * mark explained; the current plan's column marked.
 */
import { render, screen, within } from '@testing-library/react'
import { PlanComparisonTable } from './PlanComparisonTable'
import { plansFixture } from './billing.fixtures'

function renderTable() {
  render(<PlanComparisonTable groups={plansFixture.comparison} currentPlan="team" />)
  return screen.getByRole('table', { name: 'What each plan includes' })
}

it('shows every group in order, each with its rows', () => {
  const table = renderTable()
  const groups = within(table).getAllByRole('rowgroup').slice(1) // the first is the header
  expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Database', 'Auth', 'Storage', 'Edge Functions', 'Realtime', 'Dashboard', 'Security', 'Support'])
  expect(within(groups[0]).getByRole('columnheader', { name: 'Database' })).toBeInTheDocument()
  expect(within(groups[0]).getByRole('rowheader', { name: /Automatic backups/ })).toBeInTheDocument()
})

it('has the plans as columns, the current one marked', () => {
  const table = renderTable()
  const headers = within(table).getAllByRole('columnheader').slice(0, 5)
  expect(headers.map((h) => h.textContent)).toEqual(['Feature', 'Free', 'Pro', 'TeamCurrent plan', 'Enterprise'])
  expect(headers[3]).toHaveAttribute('aria-current', 'true')
})

it('reads boolean cells as Included / Not included and list cells as lists', () => {
  const table = renderTable()
  const soc2 = within(table).getByRole('rowheader', { name: 'SOC2' }).closest('tr')!
  expect(within(soc2).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Not included', 'Not included', 'Included', 'Included'])
  const roles = within(table).getByRole('rowheader', { name: 'Team member roles' }).closest('tr')!
  const teamRoles = within(roles).getAllByRole('cell')[2]
  expect(within(teamRoles).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Owner', 'Admin', 'Developer', 'Read-only'])
})

it('marks the usage-based rows and explains the mark', () => {
  const table = renderTable()
  expect(within(table).getByRole('rowheader', { name: /^Database size\s*\(usage-based\)$/ })).toBeInTheDocument()
  expect(within(table).getByRole('rowheader', { name: 'Automatic backups' })).toBeInTheDocument()
  const marked = within(table)
    .getAllByRole('rowheader')
    .filter((th) => th.textContent?.includes('(usage-based)'))
    .map((th) => th.textContent?.replace(/\*?\s*\(usage-based\)/, ''))
  expect(marked).toEqual(['Database size', 'Monthly active users', 'Storage size', 'Invocations', 'Messages'])
  expect(screen.getByText(/Usage-based: on paid plans without a spend cap/)).toBeInTheDocument()
})
