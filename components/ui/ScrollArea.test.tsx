// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react'
import { ScrollArea } from './ScrollArea'
import { SCROLLBAR_HIDE_DELAY_MS } from './timings'

describe('ScrollArea', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const area = () => screen.getByTestId('area')

  it('shows the bar while scrolling and hides it 600 ms after scrolling stops', () => {
    render(<ScrollArea data-testid="area">Rows</ScrollArea>)
    expect(area()).toHaveAttribute('data-scrollbar', 'hidden')
    expect(area()).toHaveAttribute('data-scrollbar-visible', 'false')

    fireEvent.scroll(area())
    expect(area()).toHaveAttribute('data-scrollbar', 'scrolling')
    expect(area()).toHaveAttribute('data-scrollbar-visible', 'true')

    // Scrolling goes on: the bar stays.
    act(() => vi.advanceTimersByTime(50))
    fireEvent.scroll(area())
    act(() => vi.advanceTimersByTime(50))
    expect(area()).toHaveAttribute('data-scrollbar', 'scrolling')

    // Scrolling stops: idle, still drawn until the hide delay has passed.
    act(() => vi.advanceTimersByTime(100))
    expect(area()).toHaveAttribute('data-scrollbar', 'idle')
    act(() => vi.advanceTimersByTime(SCROLLBAR_HIDE_DELAY_MS - 1))
    expect(area()).toHaveAttribute('data-scrollbar-visible', 'true')
    act(() => vi.advanceTimersByTime(1))
    expect(area()).toHaveAttribute('data-scrollbar', 'hidden')
  })

  it('scrolling again while idle cancels the hiding', () => {
    render(<ScrollArea data-testid="area" />)
    fireEvent.scroll(area())
    act(() => vi.advanceTimersByTime(100))
    expect(area()).toHaveAttribute('data-scrollbar', 'idle')
    // 500 ms into the 600 ms delay, the user scrolls again: the first delay is dropped.
    act(() => vi.advanceTimersByTime(500))
    fireEvent.scroll(area())
    expect(area()).toHaveAttribute('data-scrollbar', 'scrolling')
    act(() => vi.advanceTimersByTime(100))
    act(() => vi.advanceTimersByTime(SCROLLBAR_HIDE_DELAY_MS - 1))
    expect(area()).toHaveAttribute('data-scrollbar', 'idle')
    act(() => vi.advanceTimersByTime(1))
    expect(area()).toHaveAttribute('data-scrollbar', 'hidden')
  })

  it('still calls its own onScroll', () => {
    const onScroll = vi.fn()
    render(<ScrollArea data-testid="area" onScroll={onScroll} />)
    fireEvent.scroll(area())
    expect(onScroll).toHaveBeenCalledTimes(1)
  })
})
