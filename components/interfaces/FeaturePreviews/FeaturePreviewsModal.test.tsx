// @vitest-environment happy-dom
/**
 * The feature previews modal: the list with its eyes, selection, the toggle (stored, with its
 * event), the opening event, "Coming soon" while the assistant's flag is off, going back to the
 * first preview on close, and the empty state.
 */
import { vi } from 'vitest'

const telemetry = vi.hoisted(() => ({ events: [] as { action: string; props: Record<string, unknown> }[] }))
const flags = vi.hoisted(() => ({ values: {} as Record<string, boolean> }))

vi.mock('@/data/telemetry/send-event', () => ({
  sendTelemetryEvent: (action: string, props: Record<string, unknown> = {}) => telemetry.events.push({ action, props }),
}))
vi.mock('@/data/feature-flags/use-flag', () => ({ useFlag: (name: string) => flags.values[name] === true }))

import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ASSISTANT_PREVIEW_KEY, FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import { appState } from '@/state/app'
import { featurePreviewsState } from '@/state/feature-previews'
import { FeaturePreviewsDialog, FeaturePreviewsModal } from './FeaturePreviewsModal'

beforeEach(() => {
  localStorage.clear()
  featurePreviewsState.enabled = {}
  featurePreviewsState.loaded = false
  appState.reset()
  telemetry.events = []
  flags.values = {}
})

async function openModal(ui = <FeaturePreviewsModal />) {
  const user = userEvent.setup()
  render(ui)
  await act(async () => {
    appState.showFeaturePreviewModal = true
  })
  return { user, dialog: screen.getByRole('dialog', { name: 'Dashboard feature previews' }) }
}

const tab = (name: RegExp | string) => screen.getByRole('tab', { name })

it('opens from the app state and says so to telemetry', async () => {
  render(<FeaturePreviewsModal />)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await act(async () => {
    appState.showFeaturePreviewModal = true
  })
  expect(screen.getByRole('dialog', { name: 'Dashboard feature previews' })).toBeInTheDocument()
  expect(telemetry.events).toEqual([{ action: 'feature_previews_clicked', props: {} }])
})

it('lists every preview, each disabled at first, and shows the first one', async () => {
  await openModal()
  const tabs = screen.getAllByRole('tab')
  expect(tabs.map((t) => t.textContent)).toEqual([
    'Disabled:API documentation side panelNew',
    'Disabled:Column-level privilegesNew',
    'Disabled:Inline SQL editor',
    'Disabled:Assistant SQL in the SQL panelNew',
  ])
  expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
  const details = screen.getByRole('tabpanel')
  expect(within(details).getByRole('heading', { name: 'API documentation side panel' })).toBeInTheDocument()
  expect(within(details).getByText('New')).toBeInTheDocument()
  expect(within(details).getByRole('link', { name: 'Give feedback' })).toHaveAttribute('href', expect.stringContaining('github.com'))
  expect(within(details).getByRole('button', { name: 'Enable feature' })).toBeEnabled()
})

it('selecting a preview shows its details; no feedback link without a discussion', async () => {
  const { user } = await openModal()
  await user.click(tab(/Inline SQL editor/))
  expect(appState.selectedFeaturePreview).toBe(FEATURE_PREVIEW_KEYS.INLINE_EDITOR)
  const details = screen.getByRole('tabpanel')
  expect(within(details).getByRole('heading', { name: 'Inline SQL editor' })).toBeInTheDocument()
  expect(within(details).queryByText('New')).not.toBeInTheDocument()
  expect(within(details).queryByRole('link', { name: 'Give feedback' })).not.toBeInTheDocument()
  // Arrow keys move along the list.
  await user.keyboard('{ArrowUp}')
  expect(tab(/Column-level privileges/)).toHaveAttribute('aria-selected', 'true')
  expect(tab(/Column-level privileges/)).toHaveFocus()
})

it('toggling stores the flag, turns the eye on and emits the events with the preview key', async () => {
  const { user } = await openModal()
  await user.click(tab(/Column-level privileges/))
  await user.click(screen.getByRole('button', { name: 'Enable feature' }))
  expect(localStorage.getItem(FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES)).toBe('true')
  expect(tab(/Column-level privileges/)).toHaveTextContent('Enabled:')
  expect(screen.getByRole('button', { name: 'Disable feature' })).toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Disable feature' }))
  expect(localStorage.getItem(FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES)).toBe('false')
  expect(tab(/Column-level privileges/)).toHaveTextContent('Disabled:')
  expect(telemetry.events.slice(1)).toEqual([
    { action: 'feature_preview_enabled', props: { feature: FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES } },
    { action: 'feature_preview_disabled', props: { feature: FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES } },
  ])
})

it('shows what is stored from an earlier visit', async () => {
  localStorage.setItem(FEATURE_PREVIEW_KEYS.API_SIDE_PANEL, 'true')
  await openModal()
  expect(tab(/API documentation side panel/)).toHaveTextContent('Enabled:')
  expect(screen.getByRole('button', { name: 'Disable feature' })).toBeInTheDocument()
})

it("shows a disabled 'Coming soon' for the assistant preview while its flag is off, even if stored on", async () => {
  localStorage.setItem(ASSISTANT_PREVIEW_KEY, 'true')
  const { user } = await openModal()
  await user.click(tab(/Assistant SQL in the SQL panel/))
  expect(screen.getByRole('button', { name: 'Coming soon' })).toBeDisabled()
  expect(screen.queryByRole('button', { name: /able feature/ })).not.toBeInTheDocument()
  expect(tab(/Assistant SQL in the SQL panel/)).toHaveTextContent('Disabled:')
})

it('offers the assistant preview once functionsAssistantV2 is on', async () => {
  flags.values.functionsAssistantV2 = true
  const { user } = await openModal()
  await user.click(tab(/Assistant SQL in the SQL panel/))
  await user.click(screen.getByRole('button', { name: 'Enable feature' }))
  expect(localStorage.getItem(ASSISTANT_PREVIEW_KEY)).toBe('true')
  expect(tab(/Assistant SQL in the SQL panel/)).toHaveTextContent('Enabled:')
})

it('closing resets the selection to the first preview', async () => {
  const { user } = await openModal()
  await user.click(tab(/Inline SQL editor/))
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(appState.showFeaturePreviewModal).toBe(false)
  expect(appState.selectedFeaturePreview).toBe(FEATURE_PREVIEW_KEYS.API_SIDE_PANEL)

  await act(async () => {
    appState.showFeaturePreviewModal = true
  })
  expect(tab(/API documentation side panel/)).toHaveAttribute('aria-selected', 'true')
  expect(telemetry.events.filter((e) => e.action === 'feature_previews_clicked')).toHaveLength(2)
})

it('with no previews, says so and points to the discussions', async () => {
  await openModal(<FeaturePreviewsDialog previews={[]} />)
  expect(screen.getByText('No feature previews available')).toBeInTheDocument()
  expect(screen.getByText(/Have an idea for the dashboard\? Let us know via/)).toHaveTextContent(
    'Have an idea for the dashboard? Let us know via Github Discussions!'
  )
  expect(screen.getByRole('link', { name: 'Github Discussions' })).toHaveAttribute('href', 'https://github.com/orgs/supabase/discussions')
  expect(screen.queryByRole('tab')).not.toBeInTheDocument()
})
