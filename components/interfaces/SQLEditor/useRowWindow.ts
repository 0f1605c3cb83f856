import { useCallback, useLayoutEffect, useState, type RefObject } from 'react'
import { HEADER_HEIGHT, ROW_HEIGHT, rowTop, rowWindow, scrollTopShowing } from './ResultsGrid.utils'

type View = { scrollTop: number; height: number }

/**
 * The rows of a scrolling grid with fixed-height rows that are in view (ResultsGrid.utils'
 * rowWindow): re-renders when a row boundary is crossed or the viewport changes size, not on every
 * scroll event. `scrollToIndex` brings a row whole into view (keyboard navigation).
 */
export function useRowWindow(scrollRef: RefObject<HTMLElement | null>, rowCount: number, overscan: number) {
  const [view, setView] = useState<View>({ scrollTop: 0, height: 0 })

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const read = () =>
      setView((previous) => {
        const next = { scrollTop: element.scrollTop, height: element.clientHeight }
        const sameRows = (a: View) => [Math.floor((a.scrollTop - HEADER_HEIGHT) / ROW_HEIGHT), Math.ceil((a.scrollTop + a.height - HEADER_HEIGHT) / ROW_HEIGHT)].join()
        return sameRows(previous) === sameRows(next) ? previous : next
      })
    read()
    element.addEventListener('scroll', read, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read)
    observer?.observe(element)
    return () => {
      element.removeEventListener('scroll', read)
      observer?.disconnect()
    }
  }, [scrollRef])

  const { start, end } = rowWindow(view.scrollTop, view.height, rowCount, overscan)
  const rows: { index: number; top: number }[] = []
  for (let index = start; index < end; index++) rows.push({ index, top: rowTop(index) })

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current
      if (!element) return
      const to = scrollTopShowing(index, element.scrollTop, element.clientHeight)
      if (to !== null) element.scrollTop = to
    },
    [scrollRef]
  )

  return { rows, totalHeight: HEADER_HEIGHT + rowCount * ROW_HEIGHT, scrollToIndex }
}
