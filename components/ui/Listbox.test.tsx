// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { Listbox, type ListboxOption, type ListboxProps } from './Listbox'
import { Modal } from './Modal'
import { CONTROL_HEIGHTS, LISTBOX_MAX_HEIGHT, type ControlSize } from './sizes'

const REGIONS: ListboxOption[] = [
  { value: 'us-east-1', label: 'North Virginia' },
  { value: 'us-west-1', label: 'North California' },
  { value: 'eu-west-1', label: 'Ireland', disabled: true },
  { value: 'eu-central-1', label: 'Frankfurt', description: 'Central EU' },
  { value: 'ap-south-1', label: 'Mumbai' },
]

function Controlled({ onChange, ...props }: Partial<ListboxProps>) {
  const [value, setValue] = useState<string | undefined>('us-east-1')
  return (
    <Listbox
      label="Region"
      options={REGIONS}
      value={value}
      onChange={(next) => {
        onChange?.(next)
        setValue(next)
      }}
      {...props}
    />
  )
}

const combobox = () => screen.getByRole('combobox', { name: 'Region' })
const key = (k: string) => fireEvent.keyDown(combobox(), { key: k })
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant')
  return id ? document.getElementById(id) : null
}

describe('Listbox', () => {
  it('shows the chosen option on a labelled combobox, closed', () => {
    render(<Controlled />)
    expect(combobox()).toHaveTextContent('North Virginia')
    expect(combobox()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('opens on ArrowDown at the chosen option, moves skipping disabled ones, and Enter picks', () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    combobox().focus()
    key('ArrowDown')
    const listbox = screen.getByRole('listbox', { name: 'Region' })
    expect(listbox).toBeInTheDocument()
    expect(combobox()).toHaveAttribute('aria-expanded', 'true')
    expect(activeOption()).toHaveTextContent('North Virginia')
    expect(screen.getByRole('option', { name: 'North Virginia' })).toHaveAttribute('aria-selected', 'true')

    key('ArrowDown')
    key('ArrowDown') // over the disabled Ireland
    expect(activeOption()).toHaveTextContent('Frankfurt')
    key('Enter')
    expect(onChange).toHaveBeenCalledWith('eu-central-1')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(combobox()).toHaveTextContent('Frankfurt')
    expect(combobox()).toHaveFocus()
  })

  it('Home, End, ArrowUp and Space', () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    key('End')
    expect(activeOption()).toHaveTextContent('Mumbai')
    key('ArrowDown') // no wrap
    expect(activeOption()).toHaveTextContent('Mumbai')
    key('Home')
    expect(activeOption()).toHaveTextContent('North Virginia')
    key('ArrowUp')
    expect(activeOption()).toHaveTextContent('North Virginia')
    key('ArrowDown')
    key(' ')
    expect(onChange).toHaveBeenCalledWith('us-west-1')
  })

  it('type-ahead moves to the next match, open or closed', () => {
    render(<Controlled />)
    key('m')
    expect(screen.getByRole('listbox')).toBeInTheDocument()
    expect(activeOption()).toHaveTextContent('Mumbai')
    key('Escape')
    key('n')
    expect(activeOption()).toHaveTextContent('North California')
  })

  it('Escape closes without choosing; inside a modal it leaves the modal open', () => {
    const onChange = vi.fn()
    const onOpenChange = vi.fn()
    render(
      <Modal open onOpenChange={onOpenChange} title="New project">
        <Controlled onChange={onChange} />
      </Modal>,
    )
    key('ArrowDown')
    key('ArrowDown')
    key('Escape')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(onChange).not.toHaveBeenCalled()
    expect(onOpenChange).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('a click opens it, a click on an option picks, a disabled option cannot be picked', () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    fireEvent.click(combobox())
    fireEvent.click(screen.getByRole('option', { name: 'Ireland' }))
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByRole('option', { name: 'Ireland' })).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(screen.getByRole('option', { name: /Frankfurt/ }))
    expect(onChange).toHaveBeenCalledWith('eu-central-1')
  })

  it('Tab picks the active option and lets the focus move on; blur closes', () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    key('ArrowDown')
    key('ArrowDown')
    key('Tab')
    expect(onChange).toHaveBeenCalledWith('us-west-1')
    key('ArrowDown')
    fireEvent.blur(combobox())
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('shows a placeholder without a value, and submits its value by name', () => {
    const { container } = render(
      <Listbox label="Region" options={REGIONS} value={undefined} onChange={() => undefined} placeholder="Pick a region" name="region" />,
    )
    expect(combobox()).toHaveTextContent('Pick a region')
    expect(container.querySelector('input[type="hidden"][name="region"]')).toHaveValue('')
  })

  it('caps the options at 15rem', () => {
    render(<Controlled />)
    key('ArrowDown')
    expect(screen.getByRole('listbox').style.maxHeight).toContain(LISTBOX_MAX_HEIGHT)
    expect(LISTBOX_MAX_HEIGHT).toBe('15rem')
  })

  it.each(Object.entries(CONTROL_HEIGHTS) as [ControlSize, number][])('size %s is %i px high', (size, height) => {
    render(<Controlled size={size} />)
    expect(combobox().className).toContain(`h-[${height}px]`)
  })
})
