import { useId, useRef, useState, type ReactNode } from 'react'
import { MIN_EDITOR_PX, MIN_RESULTS_PX } from './split-size'
import { SplitHandle } from './SplitHandle'
import { useEditorSplit } from './useEditorSplit'

export interface EditorResultsSplitProps {
  editor: ReactNode
  results: ReactNode
}

/**
 * The editor above, the results below, and a divider between them that the user drags (or moves
 * with the keyboard). The editor's share is remembered in this browser; while dragging only this
 * component re-renders, and the share is stored once the divider is let go. Stacked on every
 * screen, a phone's included: a results grid needs the width more than the height.
 */
export function EditorResultsSplit({ editor, results }: EditorResultsSplitProps) {
  const containerRef = useRef<HTMLDivElement>(null)
  const editorPaneId = useId()
  const [stored, store] = useEditorSplit()
  const [dragging, setDragging] = useState<number | null>(null)
  const fraction = dragging ?? stored

  return (
    <div ref={containerRef} className="flex min-h-0 flex-1 flex-col overflow-hidden" data-testid="sql-editor-split">
      <div
        id={editorPaneId}
        data-testid="sql-editor-monaco"
        className="shrink grow-0"
        // The minimum heights hold however small the window gets (the shares are clamped only as they change).
        style={{ flexBasis: `${fraction * 100}%`, minHeight: MIN_EDITOR_PX }}
      >
        {editor}
      </div>
      <SplitHandle
        containerRef={containerRef}
        fraction={fraction}
        controls={editorPaneId}
        onChange={setDragging}
        onCommit={(next) => {
          store(next)
          setDragging(null)
        }}
      />
      <div className="flex min-w-0 flex-1 flex-col" style={{ minHeight: MIN_RESULTS_PX }} data-testid="sql-editor-results">
        {results}
      </div>
    </div>
  )
}
