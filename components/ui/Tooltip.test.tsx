// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react'
import { TOOLTIP_SHOW_DELAY_MS } from './timings'
import { Tooltip, TruncatedText } from './Tooltip'

describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows after a pause on hover and hides when the pointer leaves', () => {
    render(
      <Tooltip content="Run the query">
        <button>Run</button>
      </Tooltip>,
    )
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Run' }).parentElement!, { pointerType: 'mouse' })
    act(() => vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS - 1))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('tooltip')).toHaveTextContent('Run the query')

    fireEvent.pointerLeave(screen.getByRole('button', { name: 'Run' }).parentElement!)
    act(() => vi.advanceTimersByTime(200))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('shows at once on keyboard focus, describes the trigger, and Escape hides it', () => {
    render(
      <Tooltip content="Run the query">
        <button>Run</button>
      </Tooltip>,
    )
    const button = screen.getByRole('button', { name: 'Run' })
    fireEvent.focus(button)
    expect(screen.getByRole('tooltip')).toBeInTheDocument()
    expect(button).toHaveAccessibleDescription('Run the query')
    fireEvent.keyDown(button, { key: 'Escape' })
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('TruncatedText shows the full text only when it is cut off', () => {
    const title = 'A very long snippet title that does not fit'
    const { unmount } = render(<TruncatedText text={title} />)
    const text = screen.getByText(title)
    // jsdom lays nothing out: say how wide the text is and how wide its box.
    Object.defineProperty(text, 'scrollWidth', { value: 100, configurable: true })
    Object.defineProperty(text, 'clientWidth', { value: 100, configurable: true })
    fireEvent.pointerEnter(text.parentElement!, { pointerType: 'mouse' })
    act(() => vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    unmount()

    render(<TruncatedText text={title} />)
    const cut = screen.getByText(title)
    Object.defineProperty(cut, 'scrollWidth', { value: 300, configurable: true })
    Object.defineProperty(cut, 'clientWidth', { value: 100, configurable: true })
    fireEvent.pointerEnter(cut.parentElement!, { pointerType: 'mouse' })
    act(() => vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS))
    expect(screen.getByRole('tooltip')).toHaveTextContent(title)
  })
})
