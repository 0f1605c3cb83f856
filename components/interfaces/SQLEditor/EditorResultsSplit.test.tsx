// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { EditorResultsSplit } from './EditorResultsSplit'
import { MIN_FRACTION } from './split-size'

const SPLIT_HEIGHT = 1000

/** jsdom lays nothing out: the split is 1000 px high, starting at the top of the page. */
function layOut() {
  const split = screen.getByTestId('sql-editor-split')
  split.getBoundingClientRect = () => ({ top: 0, bottom: SPLIT_HEIGHT, left: 0, right: 800, width: 800, height: SPLIT_HEIGHT, x: 0, y: 0, toJSON: () => ({}) })
}

const renderSplit = () => {
  const result = render(<EditorResultsSplit editor={<p>editor</p>} results={<p>results</p>} />)
  layOut()
  return result
}
const editorPane = () => screen.getByTestId('sql-editor-monaco')
const divider = () => screen.getByRole('separator', { name: 'Resize editor and results' })

describe('EditorResultsSplit', () => {
  beforeEach(() => localStorage.clear())

  it('starts half and half, editor above the results', () => {
    renderSplit()
    expect(editorPane()).toHaveStyle({ flexBasis: '50%' })
    expect(divider()).toHaveAttribute('aria-valuenow', '50')
    expect(divider()).toHaveAttribute('aria-controls', editorPane().id)
    expect(screen.getByText('editor').compareDocumentPosition(screen.getByText('results'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('follows a drag (mouse or touch) and remembers where it was let go, after a remount too', () => {
    const { unmount } = renderSplit()
    fireEvent.pointerDown(divider(), { pointerId: 1, pointerType: 'touch', clientY: 500 })
    fireEvent.pointerMove(divider(), { pointerId: 1, pointerType: 'touch', clientY: 300 })
    expect(editorPane()).toHaveStyle({ flexBasis: '30%' })
    // Stored once let go, not on every move.
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.SQL_EDITOR_SPLIT)).toBeNull()
    fireEvent.pointerUp(divider(), { pointerId: 1, pointerType: 'touch', clientY: 300 })
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.SQL_EDITOR_SPLIT)).toBe('0.3')
    unmount()

    renderSplit()
    expect(editorPane()).toHaveStyle({ flexBasis: '30%' })
    expect(divider()).toHaveAttribute('aria-valuenow', '30')
  })

  it('moves with the arrow keys, Home and End, and remembers that', () => {
    const { unmount } = renderSplit()
    fireEvent.keyDown(divider(), { key: 'ArrowDown' })
    fireEvent.keyDown(divider(), { key: 'ArrowDown' })
    expect(editorPane()).toHaveStyle({ flexBasis: '60%' })
    fireEvent.keyDown(divider(), { key: 'ArrowUp' })
    expect(divider()).toHaveAttribute('aria-valuenow', '55')
    unmount()
    renderSplit()
    expect(divider()).toHaveAttribute('aria-valuenow', '55')

    fireEvent.keyDown(divider(), { key: 'Home' })
    expect(divider()).toHaveAttribute('aria-valuenow', String(MIN_FRACTION * 100))
    // 120 px of results stay: 88 % of 1000 px at most.
    fireEvent.keyDown(divider(), { key: 'End' })
    expect(divider()).toHaveAttribute('aria-valuenow', '88')
  })

  it('keeps both panes above their minimum when dragged past the edges', () => {
    renderSplit()
    fireEvent.pointerDown(divider(), { pointerId: 1, pointerType: 'mouse', button: 0, clientY: 500 })
    fireEvent.pointerMove(divider(), { pointerId: 1, pointerType: 'mouse', clientY: -200 })
    expect(divider()).toHaveAttribute('aria-valuenow', String(MIN_FRACTION * 100))
    fireEvent.pointerMove(divider(), { pointerId: 1, pointerType: 'mouse', clientY: 990 })
    expect(divider()).toHaveAttribute('aria-valuenow', '88')
    fireEvent.pointerUp(divider(), { pointerId: 1, pointerType: 'mouse' })
  })

  it('ignores a right-button press, and a double click goes back to half and half', () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.SQL_EDITOR_SPLIT, '0.7')
    renderSplit()
    expect(divider()).toHaveAttribute('aria-valuenow', '70')
    fireEvent.pointerDown(divider(), { pointerId: 1, pointerType: 'mouse', button: 2, clientY: 700 })
    fireEvent.pointerMove(divider(), { pointerId: 1, pointerType: 'mouse', clientY: 200 })
    expect(divider()).toHaveAttribute('aria-valuenow', '70')
    fireEvent.doubleClick(divider())
    expect(divider()).toHaveAttribute('aria-valuenow', '50')
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.SQL_EDITOR_SPLIT)).toBe('0.5')
  })

  it('falls back to half and half for a stored value it cannot use', () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.SQL_EDITOR_SPLIT, 'tall')
    renderSplit()
    expect(editorPane()).toHaveStyle({ flexBasis: '50%' })
  })
})
