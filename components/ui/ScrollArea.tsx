import clsx from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { scrollbarClasses, useScrollbarVisibility } from './useScrollbarVisibility'

export type ScrollAreaProps = ComponentPropsWithRef<'div'>

/**
 * A scrolling box whose scroll bar shows while scrolling and fades 600 ms after (SPEC §4, §9).
 * Scrolling itself stays native: wheel, touch, keyboard and assistive tech work as everywhere.
 */
export function ScrollArea({ className, onScroll, onPointerMove, onPointerLeave, ...rest }: ScrollAreaProps) {
  const { props } = useScrollbarVisibility<HTMLDivElement>()
  return (
    <div
      {...rest}
      {...props}
      className={clsx('overflow-auto overscroll-contain', scrollbarClasses, className)}
      onScroll={(event) => {
        props.onScroll(event)
        onScroll?.(event)
      }}
      onPointerMove={(event) => {
        props.onPointerMove(event)
        onPointerMove?.(event)
      }}
      onPointerLeave={(event) => {
        props.onPointerLeave(event)
        onPointerLeave?.(event)
      }}
    />
  )
}
