import { useCallback, useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react'

export const MIN_FRACTION = 0.15
export const MAX_FRACTION = 0.85
const KEY_STEP = 0.05

const clamp = (value: number) => Math.min(MAX_FRACTION, Math.max(MIN_FRACTION, value))

/**
 * A horizontal bar between the editor and the results: drag it, or focus it and use the arrow
 * keys, to change the editor's share (`fraction`) of `containerRef`'s height.
 */
export function SplitHandle({
  containerRef,
  fraction,
  onChange,
}: {
  containerRef: RefObject<HTMLElement | null>
  fraction: number
  onChange: (fraction: number) => void
}) {
  const dragging = useRef(false)

  const fromPointer = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      const rect = containerRef.current?.getBoundingClientRect()
      if (!rect || rect.height <= 0) return
      onChange(clamp((event.clientY - rect.top) / rect.height))
    },
    [containerRef, onChange]
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowUp' ? -KEY_STEP : event.key === 'ArrowDown' ? KEY_STEP : 0
    if (!step) return
    event.preventDefault()
    onChange(clamp(fraction + step))
  }

  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize editor and results"
      aria-valuemin={MIN_FRACTION * 100}
      aria-valuemax={MAX_FRACTION * 100}
      aria-valuenow={Math.round(fraction * 100)}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true
        event.currentTarget.setPointerCapture(event.pointerId)
      }}
      onPointerMove={(event) => dragging.current && fromPointer(event)}
      onPointerUp={(event) => {
        dragging.current = false
        event.currentTarget.releasePointerCapture(event.pointerId)
      }}
      className="group relative z-10 h-1.5 shrink-0 cursor-row-resize touch-none border-y border-border bg-background outline-none hover:bg-brand/40 focus-visible:bg-brand/60"
    />
  )
}
