import clsx from 'clsx'
import { useId, useRef, type ReactNode, type TouchEvent } from 'react'
import { createPortal } from 'react-dom'
import { OverlayFooter, OverlayHeader } from './OverlayFrame'
import { ScrollArea } from './ScrollArea'
import { sidePanelSizeClasses, type SidePanelSize } from './sizes'
import { isSwipeToClose, swipeTowardsEdge, type PanelSide } from './swipe'
import { useIsClient } from './useIsClient'
import { OverlayDepth, useOverlay } from './useOverlay'

export interface SidePanelProps {
  open: boolean
  /** Called on Escape, an overlay click, the × button and a swipe towards the panel's edge. */
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  /** SPEC §9 width; full width on screens narrower than it. */
  size?: SidePanelSize
  side?: PanelSide
  /** Buttons row at the bottom, right-aligned; stays in view while the body scrolls. */
  footer?: ReactNode
  children?: ReactNode
  /** Classes for the panel itself (not the overlay). */
  className?: string
}

/** True when the touch starts in something that scrolls sideways (a code block): that swipe is its own. */
function startsInHorizontalScroller(target: EventTarget, panel: HTMLElement): boolean {
  for (let node = target instanceof Element ? target : null; node && node !== panel; node = node.parentElement) {
    if (node.scrollWidth > node.clientWidth && /auto|scroll/.test(getComputedStyle(node).overflowX)) return true
  }
  return false
}

/**
 * An overlay sheet along one edge of the screen, for detail and forms that need more room than a
 * modal. The body scrolls on its own; header and footer stay put.
 */
export function SidePanel({
  open,
  onClose,
  title,
  description,
  size = 'medium',
  side = 'right',
  footer,
  children,
  className,
}: SidePanelProps) {
  const mounted = useIsClient() // no portal during SSR / hydration
  const panelRef = useRef<HTMLDivElement>(null)
  const touchStart = useRef<{ x: number; y: number } | null>(null)
  const titleId = useId()
  const descriptionId = useId()
  const depth = useOverlay({ active: open && mounted, onClose, containerRef: panelRef })

  if (!open || !mounted) return null

  /** While a finger drags the panel towards its edge, the panel follows it. */
  const follow = (distance: number) => {
    const panel = panelRef.current
    if (!panel) return
    panel.style.transition = distance > 0 ? 'none' : ''
    panel.style.transform = distance > 0 ? `translateX(${side === 'right' ? distance : -distance}px)` : ''
  }

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0]
    const ignore = event.touches.length !== 1 || startsInHorizontalScroller(event.target, event.currentTarget)
    touchStart.current = ignore || !touch ? null : { x: touch.clientX, y: touch.clientY }
  }
  const deltaOf = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.changedTouches[0]
    const start = touchStart.current
    return touch && start ? { dx: touch.clientX - start.x, dy: touch.clientY - start.y } : null
  }
  const onTouchMove = (event: TouchEvent<HTMLDivElement>) => {
    const delta = deltaOf(event)
    if (delta) follow(swipeTowardsEdge(side, delta))
  }
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const delta = deltaOf(event)
    touchStart.current = null
    follow(0)
    if (delta && isSwipeToClose(side, delta)) onClose()
  }
  const onTouchCancel = () => {
    touchStart.current = null
    follow(0)
  }

  return createPortal(
    <div className="fixed inset-0 z-50">
      <div
        aria-hidden="true"
        data-testid="side-panel-overlay"
        className="absolute inset-0 bg-black/40 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-side={side}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchCancel}
        className={clsx(
          'absolute inset-y-0 flex w-full flex-col bg-surface text-foreground shadow-xl outline-none',
          'transition-transform duration-200 ease-out motion-reduce:transition-none',
          side === 'right' ? 'right-0 border-l border-border starting:translate-x-full' : 'left-0 border-r border-border starting:-translate-x-full',
          sidePanelSizeClasses[size],
          className,
        )}
      >
        <OverlayHeader
          className="shrink-0"
          titleId={titleId}
          descriptionId={descriptionId}
          title={title}
          description={description}
          onClose={onClose}
          truncateTitle
        />
        <OverlayDepth.Provider value={depth}>
          <ScrollArea data-testid="side-panel-body" className="min-h-0 flex-1 px-5 py-4">
            {children}
          </ScrollArea>
          {footer && <OverlayFooter className="shrink-0">{footer}</OverlayFooter>}
        </OverlayDepth.Provider>
      </div>
    </div>,
    document.body,
  )
}
