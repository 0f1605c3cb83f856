// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { Modal } from './Modal'
import { SidePanel, type SidePanelProps } from './SidePanel'
import { SIDE_PANEL_WIDTHS_REM, type SidePanelSize } from './sizes'

function Harness({ onClose, ...props }: Partial<SidePanelProps>) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button onClick={() => setOpen(true)}>Open docs</button>
      <SidePanel
        title="API docs"
        {...props}
        open={open}
        onClose={() => {
          onClose?.()
          setOpen(false)
        }}
      >
        <p>Body text</p>
      </SidePanel>
    </>
  )
}

function openPanel() {
  const opener = screen.getByRole('button', { name: 'Open docs' })
  opener.focus()
  fireEvent.click(opener)
  return { opener, panel: screen.getByRole('dialog', { name: 'API docs' }) }
}

/** A one-finger touch gesture on `element` from (x0, y0) to (x1, y1). */
function swipe(element: HTMLElement, [x0, y0]: [number, number], [x1, y1]: [number, number]) {
  fireEvent.touchStart(element, { touches: [{ clientX: x0, clientY: y0 }], changedTouches: [{ clientX: x0, clientY: y0 }] })
  fireEvent.touchMove(element, { touches: [{ clientX: x1, clientY: y1 }], changedTouches: [{ clientX: x1, clientY: y1 }] })
  fireEvent.touchEnd(element, { touches: [], changedTouches: [{ clientX: x1, clientY: y1 }] })
}

describe('SidePanel', () => {
  it('opens as a labelled, focused dialog with body and footer', () => {
    render(<Harness description="Endpoints of this project" footer={<button>Done</button>} />)
    const { panel } = openPanel()
    expect(panel).toHaveFocus()
    expect(panel).toHaveAccessibleDescription('Endpoints of this project')
    expect(screen.getByText('Body text')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument()
    expect(panel).toHaveAttribute('data-side', 'right')
  })

  it('Escape closes it and gives focus back', () => {
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    const { opener } = openPanel()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('an overlay click and the close button close it', () => {
    render(<Harness />)
    openPanel()
    fireEvent.click(screen.getByTestId('side-panel-overlay'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    openPanel()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('a click inside the panel keeps it open', () => {
    render(<Harness />)
    openPanel()
    fireEvent.click(screen.getByText('Body text'))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('a swipe towards its edge past 100 px closes it; a shorter or vertical one does not', () => {
    render(<Harness />)
    const { panel } = openPanel()
    swipe(panel, [200, 300], [290, 300])
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    swipe(panel, [200, 300], [330, 500])
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    swipe(panel, [200, 300], [160, 300])
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    swipe(screen.getByText('Body text'), [200, 300], [320, 310])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('a left panel closes on a swipe to the left', () => {
    render(<Harness side="left" />)
    const { panel } = openPanel()
    swipe(panel, [300, 300], [420, 300])
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    swipe(panel, [300, 300], [180, 300])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it.each(Object.entries(SIDE_PANEL_WIDTHS_REM) as [SidePanelSize, number][])('size %s is %i rem wide at most', (size, rem) => {
    render(<Harness size={size} />)
    const { panel } = openPanel()
    expect(panel.className).toContain(`max-w-[${rem}rem]`)
  })

  it('Escape in a modal opened from the panel closes only the modal', () => {
    const closePanel = vi.fn()
    const closeModal = vi.fn()
    render(
      <SidePanel open onClose={closePanel} title="Panel">
        <Modal open onOpenChange={closeModal} title="Confirm" />
      </SidePanel>,
    )
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(closeModal).toHaveBeenCalledWith(false)
    expect(closePanel).not.toHaveBeenCalled()
  })
})

describe('SidePanel focus', () => {
  it('Tab and Shift+Tab go round inside the panel', () => {
    render(
      <SidePanel open onClose={() => undefined} title="Panel" footer={<button>Save</button>}>
        <input aria-label="Name" />
      </SidePanel>,
    )
    const close = screen.getByRole('button', { name: 'Close' })
    const save = screen.getByRole('button', { name: 'Save' })
    save.focus()
    fireEvent.keyDown(save, { key: 'Tab' })
    expect(close).toHaveFocus()
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(save).toHaveFocus()
  })
})
