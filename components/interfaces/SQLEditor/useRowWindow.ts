import { useCallback, useLayoutEffect, useState, type RefObject } from 'react'
import { rowLayout, rowPosition, rowWindow, scrollTopShowing } from './ResultsGrid.utils'

type View = { scrollTop: number; height: number }

/**
 * The rows of a scrolling grid with fixed-height rows that are in view (ResultsGrid.utils'
 * rowWindow), each with where it goes in the content (`top`), and the content's height. Re-renders
 * when the rows in view change or the viewport changes size, not on every scroll event (except
 * for a table taller than MAX_CONTENT_HEIGHT, whose rows move with every scroll position).
 * `scrollToIndex` brings a row whole into view (keyboard navigation).
 */
export function useRowWindow(scrollRef: RefObject<HTMLElement | null>, rowCount: number, overscan: number) {
  const [view, setView] = useState<View>({ scrollTop: 0, height: 0 })

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const read = () =>
      setView((previous) => {
        const next = { scrollTop: element.scrollTop, height: element.clientHeight }
        return sameRows(previous, next, rowCount) ? previous : next
      })
    read()
    element.addEventListener('scroll', read, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read)
    observer?.observe(element)
    return () => {
      element.removeEventListener('scroll', read)
      observer?.disconnect()
    }
  }, [scrollRef, rowCount])

  const { start, end } = rowWindow(view.scrollTop, view.height, rowCount, overscan)
  const rows: { index: number; top: number }[] = []
  for (let index = start; index < end; index++) rows.push({ index, top: rowPosition(index, view.scrollTop, view.height, rowCount) })

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current
      if (!element) return
      const to = scrollTopShowing(index, element.scrollTop, element.clientHeight, rowCount)
      if (to !== null) element.scrollTop = to
    },
    [scrollRef, rowCount]
  )

  return { rows, totalHeight: rowLayout(view.scrollTop, view.height, rowCount).height, scrollToIndex }
}

/** Whether two views show the same rows at the same places (no re-render needed). */
function sameRows(a: View, b: View, rowCount: number): boolean {
  if (a.height !== b.height) return false
  if (a.scrollTop === b.scrollTop) return true
  // A table taller than the content: its rows move with every scroll position.
  if (rowLayout(b.scrollTop, b.height, rowCount).scale !== 1) return false
  const bounds = (v: View) => rowWindow(v.scrollTop, v.height, rowCount, 0)
  const x = bounds(a)
  const y = bounds(b)
  return x.start === y.start && x.end === y.end
}
