// @vitest-environment happy-dom
/**
 * Breadcrumbs: the whole trail from md up, each crumb with its full name as a tooltip; on a narrow
 * screen only the last crumb, after a "…" menu holding the others.
 */
import { vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Breadcrumbs } from './Breadcrumbs'

const LONG = 'A very long organization name that never fits on a phone'
const crumbs = [
  { label: LONG, href: '/org/acme' },
  { label: 'Shop', href: '/project/shopref' },
  { label: 'Team' },
]

it('shows the whole trail from md up', () => {
  render(<Breadcrumbs crumbs={crumbs} />)
  const full = screen.getByTestId('breadcrumbs-full')
  expect(full).toHaveClass('hidden', 'md:flex')
  expect(within(full).getByRole('link', { name: LONG })).toHaveAttribute('href', '/org/acme')
  expect(within(full).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/project/shopref')
  expect(within(full).getByText('Team')).toHaveAttribute('aria-current', 'page')
})

describe('a name too long for its crumb', () => {
  // jsdom lays nothing out: the long name is made wider than its box, the short ones not.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return (this.textContent ?? '').length > 20 ? 400 : 40
    })
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200)
  })
  afterEach(() => vi.restoreAllMocks())

  it('is cut short, the whole name in a tooltip on keyboard focus; a short one has none', async () => {
    const user = userEvent.setup()
    render(<Breadcrumbs crumbs={crumbs} />)
    const full = screen.getByTestId('breadcrumbs-full')
    const long = within(full).getByRole('link', { name: LONG })
    expect(long).toHaveClass('truncate')
    await user.tab()
    expect(long).toHaveFocus()
    expect(screen.getByRole('tooltip')).toHaveTextContent(LONG)
    await user.tab()
    expect(within(full).getByRole('link', { name: 'Shop' })).toHaveFocus()
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })
})

it('collapses below md to the last crumb and a menu of the others', async () => {
  const user = userEvent.setup()
  render(<Breadcrumbs crumbs={crumbs} />)
  const collapsed = screen.getByTestId('breadcrumbs-collapsed')
  expect(collapsed).toHaveClass('md:hidden')
  expect(collapsed).toHaveTextContent('Team')
  expect(collapsed).not.toHaveTextContent('Shop')
  expect(collapsed).not.toHaveTextContent(LONG)

  await user.click(within(collapsed).getByRole('button', { name: 'Show 2 more levels' }))
  const menu = within(collapsed).getByRole('menu', { name: 'Breadcrumb' })
  const items = within(menu).getAllByRole('menuitem')
  expect(items.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    [LONG, '/org/acme'],
    ['Shop', '/project/shopref'],
  ])
})

it('needs no menu for a single crumb, and nothing at all without one', () => {
  const { rerender, container } = render(<Breadcrumbs crumbs={[{ label: 'Projects' }]} />)
  expect(within(screen.getByTestId('breadcrumbs-collapsed')).queryByRole('button')).not.toBeInTheDocument()
  expect(screen.getByTestId('breadcrumbs-collapsed')).toHaveTextContent('Projects')
  rerender(<Breadcrumbs crumbs={[]} />)
  expect(container).toBeEmptyDOMElement()
})
