import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react'
import { DEFAULT_EDITOR_FRACTION, fractionAfterKey, fractionAt, MAX_FRACTION, MIN_FRACTION } from './split-size'

export interface SplitHandleProps {
  /** The element split in two: its height is the whole. */
  containerRef: RefObject<HTMLElement | null>
  /** The editor's share of it, 0–1. */
  fraction: number
  /** While dragging: the share under the pointer. */
  onChange: (fraction: number) => void
  /** A move is finished (drag released, key pressed, reset): the share to keep. */
  onCommit: (fraction: number) => void
  /** Id of the pane the handle resizes (the editor). */
  controls?: string
}

/**
 * The bar between the editor and the results. Drag it with a mouse, a finger or a pen; or focus it
 * and press ↑/↓ (Home/End for the smallest and largest editor); a double click goes back to half
 * and half. The hit area is taller than the line it draws, more so on touch screens.
 */
export function SplitHandle({ containerRef, fraction, onChange, onCommit, controls }: SplitHandleProps) {
  const drag = useRef<{ pointerId: number; last: number } | null>(null)

  const shareAt = (event: PointerEvent<HTMLDivElement>) => {
    const rect = containerRef.current?.getBoundingClientRect()
    return rect ? fractionAt(event.clientY - rect.top, rect.height) : fraction
  }
  const totalPx = () => containerRef.current?.getBoundingClientRect().height ?? 0

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    event.preventDefault() // no text selection while dragging
    event.currentTarget.setPointerCapture?.(event.pointerId)
    drag.current = { pointerId: event.pointerId, last: fraction }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return
    drag.current.last = shareAt(event)
    onChange(drag.current.last)
  }
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return
    const { last } = drag.current
    drag.current = null
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId)
    onCommit(last)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = fractionAfterKey(fraction, event.key, totalPx())
    if (next === null) return
    event.preventDefault()
    onCommit(next)
  }

  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize editor and results"
      aria-controls={controls}
      aria-valuemin={Math.round(MIN_FRACTION * 100)}
      aria-valuemax={Math.round(MAX_FRACTION * 100)}
      aria-valuenow={Math.round(fraction * 100)}
      aria-valuetext={`Editor ${Math.round(fraction * 100)}% of the height`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onDoubleClick={() => onCommit(DEFAULT_EDITOR_FRACTION)}
      className="group relative z-10 flex h-2 shrink-0 cursor-row-resize touch-none items-center justify-center bg-background outline-none select-none pointer-coarse:h-4"
    >
      <span
        aria-hidden="true"
        className="absolute inset-x-0 top-1/2 h-px -translate-y-1/2 bg-border transition-colors group-hover:h-0.5 group-hover:bg-brand/60 group-focus-visible:h-0.5 group-focus-visible:bg-brand"
      />
      {/* A grip, so the bar reads as something to drag (on touch screens especially). */}
      <span aria-hidden="true" className="relative h-1 w-8 rounded-full bg-foreground-lighter/40 group-hover:bg-brand/70" />
    </div>
  )
}
