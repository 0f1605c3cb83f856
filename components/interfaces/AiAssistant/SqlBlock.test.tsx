// @vitest-environment happy-dom
/** The assistant feature preview on a proposed SQL block: Open in SQL panel, only with the flag and the preview on. */
import { vi } from 'vitest'

const flags = vi.hoisted(() => ({ values: {} as Record<string, boolean> }))
vi.mock('@/data/feature-flags/use-flag', () => ({ useFlag: (name: string) => flags.values[name] === true }))
vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/project/[ref]', push: vi.fn() }) }))

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ASSISTANT_PREVIEW_KEY } from '@/lib/feature-previews'
import { aiAssistantState } from '@/state/ai-assistant'
import { editorPanelState } from '@/state/editor-panel'
import { featurePreviewsState } from '@/state/feature-previews'
import { SqlBlock } from './SqlBlock'

beforeEach(() => {
  localStorage.clear()
  featurePreviewsState.enabled = {}
  featurePreviewsState.loaded = false
  flags.values = {}
  editorPanelState.reset()
  aiAssistantState.reset()
})

const renderBlock = () => render(<SqlBlock sql="select * from todos" complete projectRef="abc" />)

it.each([
  ['the flag is off', false, 'true'],
  ['the preview is off', true, 'false'],
])('offers no SQL panel while %s', (_, flag, stored) => {
  flags.values.functionsAssistantV2 = flag
  localStorage.setItem(ASSISTANT_PREVIEW_KEY, stored)
  renderBlock()
  expect(screen.getByRole('button', { name: 'Insert into editor' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Open in SQL panel' })).not.toBeInTheDocument()
})

it('with the flag and the preview on, opens the SQL in the SQL panel in place of the assistant', async () => {
  flags.values.functionsAssistantV2 = true
  localStorage.setItem(ASSISTANT_PREVIEW_KEY, 'true')
  aiAssistantState.open = true
  renderBlock()
  await userEvent.setup().click(screen.getByRole('button', { name: 'Open in SQL panel' }))
  expect(editorPanelState).toMatchObject({ open: true, initialValue: 'select * from todos', label: 'SQL from the assistant', saveLabel: 'Run' })
  expect(aiAssistantState.open).toBe(false)
})
