import clsx from 'clsx'
import {
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import { TOOLTIP_SHOW_DELAY_MS } from './timings'
import { useAnchoredPosition } from './useAnchoredPosition'
import { useIsClient } from './useIsClient'

export interface TooltipProps {
  content: ReactNode
  /** The element it explains; it receives `aria-describedby` while the tooltip shows. */
  children: ReactNode
  side?: 'top' | 'bottom'
  /**
   * Show only when this returns true at the moment of showing (e.g. "the name is cut off").
   * Receives the wrapper element around `children`.
   */
  when?: (wrapper: HTMLElement) => boolean
  /** Also link the text to the trigger as its description (off when it repeats the trigger's text). */
  describe?: boolean
  /** Classes for the span around `children`, replacing its default `inline-flex max-w-full min-w-0`. */
  className?: string
}

/**
 * A short text next to an element on hover (after a short pause) and at once on keyboard focus.
 * Escape hides it; moving the pointer onto it keeps it, so it can be read and selected.
 */
export function Tooltip({ content, children, side = 'top', when, describe = true, className }: TooltipProps) {
  const mounted = useIsClient()
  const tooltipId = useId()
  const wrapperRef = useRef<HTMLSpanElement>(null)
  const tooltipRef = useRef<HTMLDivElement>(null)
  const showTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [open, setOpen] = useState(false)

  useAnchoredPosition(wrapperRef, tooltipRef, open && mounted, { side, align: 'center', gap: 6, margin: 8 })
  useEffect(
    () => () => {
      clearTimeout(showTimer.current)
      clearTimeout(hideTimer.current)
    },
    [],
  )

  const show = (delay: number) => {
    clearTimeout(hideTimer.current)
    clearTimeout(showTimer.current)
    const wrapper = wrapperRef.current
    if (!wrapper || (when && !when(wrapper))) return
    if (delay === 0) setOpen(true)
    else showTimer.current = setTimeout(() => setOpen(true), delay)
  }
  const hide = () => {
    clearTimeout(showTimer.current)
    // A short grace period lets the pointer travel from the trigger onto the tooltip.
    hideTimer.current = setTimeout(() => setOpen(false), 100)
  }
  const hideNow = () => {
    clearTimeout(showTimer.current)
    clearTimeout(hideTimer.current)
    setOpen(false)
  }

  const trigger =
    describe && open && isValidElement<{ 'aria-describedby'?: string }>(children)
      ? cloneElement(children as ReactElement<{ 'aria-describedby'?: string }>, {
          'aria-describedby': [children.props['aria-describedby'], tooltipId].filter(Boolean).join(' '),
        })
      : children

  return (
    <span
      ref={wrapperRef}
      className={className ?? 'inline-flex max-w-full min-w-0'}
      onPointerEnter={(event) => event.pointerType === 'mouse' && show(TOOLTIP_SHOW_DELAY_MS)}
      onPointerLeave={hide}
      onFocus={() => show(0)}
      onBlur={hideNow}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          hideNow()
        }
      }}
    >
      {trigger}
      {open &&
        mounted &&
        createPortal(
          <div
            ref={tooltipRef}
            id={tooltipId}
            role="tooltip"
            onPointerEnter={() => clearTimeout(hideTimer.current)}
            onPointerLeave={hide}
            className="fixed z-[70] max-w-xs rounded-md border border-border bg-surface-raised px-2 py-1 text-xs break-words text-foreground shadow-md"
          >
            {content}
          </div>,
          document.body,
        )}
    </span>
  )
}

/** True when the element's text is cut off (by `truncate` / text-overflow: ellipsis). */
export function isTruncated(element: HTMLElement): boolean {
  const text = element.firstElementChild instanceof HTMLElement ? element.firstElementChild : element
  return text.scrollWidth > text.clientWidth
}

export interface TruncatedTextProps {
  text: string
  className?: string
}

/**
 * One line of text cut off with an ellipsis when too long, and the whole text in a tooltip then
 * (snippet titles, project names). The full text is in the page already, so it is not repeated
 * to assistive tech.
 */
export function TruncatedText({ text, className }: TruncatedTextProps) {
  return (
    <Tooltip content={text} when={isTruncated} describe={false} className="block min-w-0 w-full">
      <span className={clsx('block truncate', className)}>{text}</span>
    </Tooltip>
  )
}
