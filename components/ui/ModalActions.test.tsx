// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { ModalActions } from './index'

describe('ModalActions', () => {
  it('Cancel, then the action; each calls its handler', () => {
    const onCancel = vi.fn()
    const onAction = vi.fn()
    render(<ModalActions actionLabel="Delete project" tone="danger" onCancel={onCancel} onAction={onAction} />)
    const [cancel, action] = screen.getAllByRole('button')
    expect(cancel).toHaveAccessibleName('Cancel')
    expect(action).toHaveAccessibleName('Delete project')
    expect(action).toHaveAttribute('type', 'button')
    expect(action.className).toContain('bg-destructive')
    fireEvent.click(cancel)
    fireEvent.click(action)
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onAction).toHaveBeenCalledTimes(1)
  })

  it('while busy, the action spins and neither button can be pressed', () => {
    render(<ModalActions actionLabel="Remove" onCancel={() => undefined} onAction={() => undefined} busy />)
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled()
    const action = screen.getByRole('button', { name: 'Remove' })
    expect(action).toBeDisabled()
    expect(action).toHaveAttribute('aria-busy', 'true')
  })

  it('a blocked action leaves Cancel available', () => {
    const onAction = vi.fn()
    render(<ModalActions actionLabel="Review SQL" onCancel={() => undefined} onAction={onAction} actionDisabled note="Name the table." />)
    expect(screen.getByRole('button', { name: 'Review SQL' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled()
    expect(screen.getByText('Name the table.')).toBeInTheDocument()
  })

  it('with a form id, the action submits that form from outside it', () => {
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault())
    render(
      <>
        <form id="clone-backup" onSubmit={onSubmit} />
        <ModalActions actionLabel="Clone" onCancel={() => undefined} form="clone-backup" />
      </>,
    )
    const action = screen.getByRole('button', { name: 'Clone' })
    expect(action).toHaveAttribute('type', 'submit')
    expect(action).toHaveAttribute('form', 'clone-backup')
    fireEvent.click(action)
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('size reaches both buttons; focus can start on Cancel', () => {
    render(<ModalActions actionLabel="Upgrade now" onCancel={() => undefined} onAction={() => undefined} size="tiny" autoFocusCancel />)
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    expect(cancel).toHaveAttribute('data-size', 'tiny')
    expect(screen.getByRole('button', { name: 'Upgrade now' })).toHaveAttribute('data-size', 'tiny')
    expect(cancel).toHaveFocus()
  })

  it('no note, no text beside the buttons', () => {
    const { container } = render(<ModalActions actionLabel="Confirm" onCancel={() => undefined} onAction={() => undefined} />)
    expect(container.querySelectorAll('span.mr-auto')).toHaveLength(0)
  })
})
