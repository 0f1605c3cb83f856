// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { CONTROL_HEIGHTS, type ControlSize } from './sizes'
import { Toggle, type ToggleProps } from './Toggle'

function Controlled(props: Partial<ToggleProps>) {
  const [checked, setChecked] = useState(false)
  return <Toggle label="Telemetry" checked={checked} onCheckedChange={setChecked} {...props} />
}

describe('Toggle', () => {
  it('is a labelled switch that a click, the label and the keyboard flip', () => {
    const onCheckedChange = vi.fn()
    render(<Toggle label="Telemetry" description="Usage data helps us improve" checked={false} onCheckedChange={onCheckedChange} />)
    const toggle = screen.getByRole('switch', { name: 'Telemetry' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(toggle).toHaveAccessibleDescription('Usage data helps us improve')

    fireEvent.click(toggle)
    expect(onCheckedChange).toHaveBeenLastCalledWith(true)
    fireEvent.click(screen.getByText('Telemetry'))
    expect(onCheckedChange).toHaveBeenCalledTimes(2)
    // A native button: Enter and Space activate it, so the switch is reachable and usable by keyboard.
    expect(toggle.tagName).toBe('BUTTON')
    expect(toggle).toHaveAttribute('type', 'button')
  })

  it('reflects checked', () => {
    render(<Controlled />)
    const toggle = screen.getByRole('switch', { name: 'Telemetry' })
    fireEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(toggle).toHaveAttribute('data-state', 'on')
  })

  it('shows its validation error only once touched by a change', () => {
    render(<Controlled error="Telemetry must be on for this plan" />)
    const toggle = screen.getByRole('switch', { name: 'Telemetry' })
    expect(screen.queryByText('Telemetry must be on for this plan')).not.toBeInTheDocument()
    expect(toggle).not.toHaveAttribute('aria-invalid')

    fireEvent.click(toggle)
    expect(screen.getByText('Telemetry must be on for this plan')).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-invalid', 'true')
    expect(toggle).toHaveAccessibleDescription('Telemetry must be on for this plan')
  })

  it('counts leaving it (blur) as touched, and `touched` shows the error at once', () => {
    const { unmount } = render(<Controlled error="Required" />)
    const toggle = screen.getByRole('switch', { name: 'Telemetry' })
    fireEvent.focus(toggle)
    expect(screen.queryByText('Required')).not.toBeInTheDocument()
    fireEvent.blur(toggle)
    expect(screen.getByText('Required')).toBeInTheDocument()
    unmount()

    render(<Controlled error="Required" touched />)
    expect(screen.getByText('Required')).toBeInTheDocument()
  })

  it('a disabled toggle (locked on) does not change', () => {
    const onCheckedChange = vi.fn()
    render(<Toggle label="Strictly necessary cookies" checked disabled onCheckedChange={onCheckedChange} />)
    const toggle = screen.getByRole('switch', { name: 'Strictly necessary cookies' })
    expect(toggle).toBeDisabled()
    fireEvent.click(toggle)
    expect(onCheckedChange).not.toHaveBeenCalled()
  })

  it.each(Object.entries(CONTROL_HEIGHTS) as [ControlSize, number][])('size %s keeps a %i px row', (size, height) => {
    render(<Toggle label="T" size={size} checked={false} onCheckedChange={() => undefined} />)
    const toggle = screen.getByRole('switch')
    expect(toggle).toHaveAttribute('data-size', size)
    expect(toggle.parentElement).toHaveStyle({ minHeight: `${height}px` })
  })
})
