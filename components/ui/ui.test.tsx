// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { Button, CONTROL_HEIGHTS, Input, Modal, modalSizeClasses, sizeClasses, type ControlSize, type ModalSize } from './index'

describe('Button', () => {
  it.each(Object.entries(CONTROL_HEIGHTS) as [ControlSize, number][])('size %s is %i px high', (size, height) => {
    render(<Button size={size}>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button.className).toContain(`h-[${height}px]`)
    expect(sizeClasses[size]).toContain(`h-[${height}px]`)
  })

  it('defaults to size small, type="button"', () => {
    render(<Button>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button).toHaveAttribute('data-size', 'small')
    expect(button.className).toContain('h-[34px]')
    expect(button).toHaveAttribute('type', 'button')
  })

  it('htmlType submits a form', () => {
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault())
    render(
      <form onSubmit={onSubmit}>
        <Button htmlType="submit">Send</Button>
      </form>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('loading shows a spinner, replaces the icon and disables', () => {
    const onClick = vi.fn()
    const { rerender } = render(
      <Button icon={<svg data-testid="icon" />} onClick={onClick}>
        Save
      </Button>,
    )
    expect(screen.getByTestId('icon')).toBeInTheDocument()

    rerender(
      <Button loading icon={<svg data-testid="icon" />} onClick={onClick}>
        Save
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(button.querySelector('.animate-spin')).not.toBeNull()
    expect(screen.queryByTestId('icon')).not.toBeInTheDocument()
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })
})

describe('Input', () => {
  it('wires label, description and error to the input', () => {
    render(<Input label="Project name" description="Shown in the sidebar" error="Name is required" />)
    const input = screen.getByLabelText('Project name')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Shown in the sidebar Name is required')
    expect(screen.getByText('Name is required')).toBeVisible()
    expect(input.className).toContain('border-destructive')
  })

  it('is valid without an error and keeps a given id and aria-describedby', () => {
    render(
      <>
        <p id="extra">Extra help</p>
        <Input id="name" label="Name" aria-describedby="extra" />
      </>,
    )
    const input = screen.getByLabelText('Name')
    expect(input).toHaveAttribute('id', 'name')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).toHaveAccessibleDescription('Extra help')
  })

  it('forwards ref and applies the size height', () => {
    let node: HTMLInputElement | null = null
    render(<Input label="Name" size="large" ref={(el) => void (node = el)} />)
    expect(node).toBe(screen.getByLabelText('Name'))
    expect(screen.getByLabelText('Name').className).toContain('h-[42px]')
  })
})

describe('Modal', () => {
  function Harness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
    const [open, setOpen] = useState(false)
    return (
      <>
        <button onClick={() => setOpen(true)}>Open</button>
        <Modal
          open={open}
          onOpenChange={(next) => {
            onOpenChange?.(next)
            setOpen(next)
          }}
          title="Delete project"
          description="This cannot be undone."
          footer={<Button>Cancel</Button>}
        >
          Body
        </Modal>
      </>
    )
  }

  it('opens labelled and focused, and Escape closes it and restores focus', () => {
    const onOpenChange = vi.fn()
    render(<Harness onOpenChange={onOpenChange} />)
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    fireEvent.click(opener)

    const dialog = screen.getByRole('dialog', { name: 'Delete project' })
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.')
    expect(dialog).toHaveFocus()

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('closes from the close button and the backdrop', () => {
    render(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    fireEvent.click(screen.getByTestId('modal-backdrop'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('Escape closes only the innermost of nested modals', () => {
    const outer = vi.fn()
    const inner = vi.fn()
    render(
      <Modal open onOpenChange={outer} title="Outer">
        <Modal open onOpenChange={inner} title="Inner" />
      </Modal>,
    )
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(inner).toHaveBeenCalledWith(false)
    expect(outer).not.toHaveBeenCalled()
  })

  it.each(Object.entries(modalSizeClasses) as [ModalSize, string][])('size %s uses %s', (size, width) => {
    render(<Modal open onOpenChange={() => undefined} title="Sized" size={size} />)
    expect(screen.getByRole('dialog').className).toContain(width)
  })

  it('sizes run from tiny to xxxlarge, each wider than the last', () => {
    expect(Object.keys(modalSizeClasses)).toEqual(['tiny', 'small', 'medium', 'large', 'xlarge', 'xxlarge', 'xxxlarge'])
    expect(new Set(Object.values(modalSizeClasses)).size).toBe(7)
  })
})
