import clsx from 'clsx'
import { Check, ChevronsUpDown } from 'lucide-react'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { FieldWrapper, fieldClasses, useFieldIds, type FieldProps } from './FormField'
import { firstEnabled, lastEnabled, matchTypeahead, moveActive } from './listbox-navigation'
import { DEFAULT_CONTROL_SIZE, fieldSizeClasses, LISTBOX_MAX_HEIGHT, type ControlSize } from './sizes'
import { useAnchoredPosition } from './useAnchoredPosition'
import { useIsClient } from './useIsClient'
import { scrollbarClasses, useScrollbarVisibility } from './useScrollbarVisibility'

export interface ListboxOption<T extends string = string> {
  value: T
  /** Shown, and matched by type-ahead. */
  label: string
  description?: string
  icon?: ReactNode
  disabled?: boolean
}

export interface ListboxProps<T extends string = string> extends FieldProps {
  id?: string
  /** `undefined` shows the placeholder. */
  value: T | undefined
  onChange: (value: T) => void
  options: readonly ListboxOption<T>[]
  size?: ControlSize
  placeholder?: ReactNode
  disabled?: boolean
  /** Submits the value with a surrounding form. */
  name?: string
  /** Classes for the button. */
  className?: string
  /** Accessible name when there is no visible label. */
  'aria-label'?: string
}

/** A typed letter continues the previous ones while they come this close together. */
const TYPEAHEAD_RESET_MS = 500
const PAGE = 10

const optionTextClasses: Record<ControlSize, string> = {
  tiny: 'text-xs',
  small: 'text-sm',
  medium: 'text-sm',
  large: 'text-base',
  xlarge: 'text-base',
}

/**
 * A single-choice select drawn by the app (icons, descriptions, themed), keyboard driven like a
 * native one: the ARIA select-only combobox. Focus stays on the button; arrows, Home/End,
 * PageUp/PageDown and type-ahead move the active option, Enter/Space/Tab pick it, Escape closes.
 */
export function Listbox<T extends string = string>({
  id,
  value,
  onChange,
  options,
  size = DEFAULT_CONTROL_SIZE,
  placeholder = 'Select…',
  disabled,
  name,
  className,
  label,
  description,
  error,
  containerClassName,
  'aria-label': ariaLabel,
}: ListboxProps<T>) {
  const mounted = useIsClient()
  const ids = useFieldIds(id, { description, error })
  const listboxId = `${ids.controlId}-listbox`
  const optionId = (index: number) => `${ids.controlId}-option-${index}`
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const optionRefs = useRef<(HTMLLIElement | null)[]>([])
  const typeahead = useRef({ query: '', timer: undefined as ReturnType<typeof setTimeout> | undefined })
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const scrollbar = useScrollbarVisibility<HTMLUListElement>()

  const selectedIndex = options.findIndex((option) => option.value === value)
  const selected = options[selectedIndex]

  useAnchoredPosition(buttonRef, listRef, open && mounted, {
    side: 'bottom',
    align: 'start',
    gap: 4,
    margin: 8,
    matchWidth: true,
    maxHeight: LISTBOX_MAX_HEIGHT,
  })

  useEffect(() => {
    if (open && active >= 0) optionRefs.current[active]?.scrollIntoView?.({ block: 'nearest' })
  }, [open, active])

  useEffect(() => () => clearTimeout(typeahead.current.timer), [])

  const openAt = (index: number) => {
    setActive(index)
    setOpen(true)
  }
  const openAtSelected = () => openAt(selectedIndex >= 0 && !selected?.disabled ? selectedIndex : firstEnabled(options))
  const close = () => {
    setOpen(false)
    typeahead.current.query = ''
  }
  const choose = (index: number) => {
    const option = options[index]
    if (!option || option.disabled) return
    if (option.value !== value) onChange(option.value)
    close()
  }
  const typeAhead = (char: string, from: number) => {
    const state = typeahead.current
    clearTimeout(state.timer)
    state.query += char
    state.timer = setTimeout(() => (state.query = ''), TYPEAHEAD_RESET_MS)
    return matchTypeahead(options, from, state.query)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const { key } = event
    const printable = key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey

    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') openAtSelected()
      else if (key === 'Home') openAt(firstEnabled(options))
      else if (key === 'End') openAt(lastEnabled(options))
      else if (printable) {
        const match = typeAhead(key, selectedIndex)
        openAt(match >= 0 ? match : selectedIndex)
      } else return
      event.preventDefault()
      return
    }

    const inTypeahead = typeahead.current.query !== ''
    if (key === 'ArrowDown') setActive(moveActive(options, active, 1))
    else if (key === 'ArrowUp') setActive(moveActive(options, active, -1))
    else if (key === 'PageDown') setActive(moveActive(options, active, PAGE))
    else if (key === 'PageUp') setActive(moveActive(options, active, -PAGE))
    else if (key === 'Home') setActive(firstEnabled(options))
    else if (key === 'End') setActive(lastEnabled(options))
    else if (key === 'Enter' || (key === ' ' && !inTypeahead)) choose(active)
    else if (key === 'Escape') {
      // Only the list closes, not a modal or side panel around it.
      event.stopPropagation()
      close()
    } else if (key === 'Tab') {
      choose(active)
      return // focus moves on as usual
    } else if (printable) {
      const match = typeAhead(key, active)
      if (match >= 0) setActive(match)
    } else return
    event.preventDefault()
  }

  return (
    <FieldWrapper ids={ids} label={label} description={description} error={error} containerClassName={containerClassName}>
      <button
        ref={buttonRef}
        id={ids.controlId}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-label={ariaLabel}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        data-size={size}
        disabled={disabled}
        onClick={() => (open ? close() : openAtSelected())}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={fieldClasses(Boolean(error), clsx('text-left', fieldSizeClasses[size], className))}
      >
        {/* The field look makes the button a block; its content is laid out in here. */}
        <span className="flex h-full items-center gap-2">
          {selected?.icon && (
            <span aria-hidden="true" className="shrink-0 text-foreground-light">
              {selected.icon}
            </span>
          )}
          <span className={clsx('min-w-0 flex-1 truncate', !selected && 'text-foreground-lighter')}>
            {selected ? selected.label : placeholder}
          </span>
          <ChevronsUpDown aria-hidden="true" size={14} className="shrink-0 text-foreground-lighter" />
        </span>
      </button>
      {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
      {open &&
        mounted &&
        createPortal(
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-labelledby={label ? ids.labelId : undefined}
            aria-label={label ? undefined : ariaLabel}
            tabIndex={-1}
            {...scrollbar.props}
            // Keeps the focus on the button: a click in the list must not blur (and close) it.
            onMouseDown={(event) => event.preventDefault()}
            className={clsx(
              'fixed z-[60] overflow-auto overscroll-contain rounded-md border border-border bg-surface py-1 text-foreground shadow-lg',
              scrollbarClasses,
              optionTextClasses[size],
            )}
          >
            {options.map((option, index) => (
              <li
                key={option.value}
                ref={(node) => {
                  optionRefs.current[index] = node
                }}
                id={optionId(index)}
                role="option"
                aria-selected={index === selectedIndex}
                aria-disabled={option.disabled || undefined}
                data-active={index === active || undefined}
                onPointerMove={() => !option.disabled && index !== active && setActive(index)}
                onClick={() => choose(index)}
                className={clsx(
                  'flex cursor-default items-start gap-2 px-2.5 py-1.5 select-none',
                  index === active && 'bg-surface-raised',
                  option.disabled && 'opacity-50',
                )}
              >
                <Check
                  aria-hidden="true"
                  size={14}
                  className={clsx('mt-0.5 shrink-0 text-brand-strong', index !== selectedIndex && 'invisible')}
                />
                {option.icon && (
                  <span aria-hidden="true" className="mt-0.5 shrink-0 text-foreground-light">
                    {option.icon}
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{option.label}</span>
                  {option.description && (
                    <span className="block text-xs text-foreground-lighter">{option.description}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </FieldWrapper>
  )
}
