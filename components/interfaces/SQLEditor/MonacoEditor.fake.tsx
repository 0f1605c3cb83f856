/**
 * Monaco does not run in jsdom: component tests swap MonacoEditor.tsx for this textarea, which
 * speaks the part of the editor API SQLEditor uses (model text, selection, edits, actions with
 * their keybindings and context keys, blur, markers). Positions here are plain offsets wrapped in
 * objects; SQLEditor only hands them back to the model, as it does with Monaco's.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'

type Props = {
  defaultValue?: string
  /** The Monaco theme's name: shown as `data-theme` on the textarea. */
  theme?: string
  beforeMount?: (monaco: typeof fakeMonaco) => void
  options?: { readOnly?: boolean }
  onMount?: (editor: unknown, monaco: unknown) => void
  onChange?: (value: string | undefined) => void
}

type Position = { offset: number; lineNumber: number; column: number }
type Range = { startOffset: number; endOffset: number; isEmpty: () => boolean; getStartPosition: () => { offset: number }; getEndPosition: () => { offset: number } }
/** A range the code built itself from positions (Monaco's IRange), without offsets. */
type LineRange = { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number }
type Action = { keybindings?: number[]; keybindingContext?: string; run: () => void }

const range = (start: number, end: number): Range => ({
  startOffset: start,
  endOffset: end,
  isEmpty: () => start === end,
  getStartPosition: () => ({ offset: start }),
  getEndPosition: () => ({ offset: end }),
})

/** 1-based line and column → 0-based offset, as Monaco's model counts them (\n ends a line). */
function offsetOf(text: string, line: number, column: number) {
  let offset = 0
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1
  return offset + column - 1
}

function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset).split('\n')
  return { offset, lineNumber: before.length, column: before[before.length - 1].length + 1 }
}

const offsetsOf = (text: string, r: Range | LineRange) =>
  'startOffset' in r
    ? { start: r.startOffset, end: r.endOffset }
    : { start: offsetOf(text, r.startLineNumber, r.startColumn), end: offsetOf(text, r.endLineNumber, r.endColumn) }

const definedThemes = new Map<string, unknown>()
export { definedThemes }

export const fakeMonaco = {
  KeyMod: { CtrlCmd: 2048, Shift: 1024, Alt: 512 },
  KeyCode: { Enter: 3, Escape: 9, KeyF: 36, KeyS: 49 },
  MarkerSeverity: { Error: 8 },
  editor: {
    setModelMarkers: () => undefined,
    /** Themes defined so far, by name (spy on it, or read `definedThemes`). */
    defineTheme: (name: string, data: unknown) => void definedThemes.set(name, data),
  },
}

const KEY_CODES: Record<string, number> = { enter: 3, escape: 9, f: 36, s: 49 }

/** A key event as Monaco's keybinding number (modifiers | key code), or null for other keys. */
function keybindingOf(event: KeyboardEvent): number | null {
  const code = KEY_CODES[event.key.toLowerCase()] ?? KEY_CODES[event.code.replace(/^Key/, '').toLowerCase()]
  if (code === undefined) return null
  const { CtrlCmd, Shift, Alt } = fakeMonaco.KeyMod
  return (event.ctrlKey || event.metaKey ? CtrlCmd : 0) | (event.shiftKey ? Shift : 0) | (event.altKey ? Alt : 0) | code
}

export default function FakeMonacoEditor({ defaultValue = '', theme, beforeMount, options, onMount, onChange }: Props) {
  // Before the editor exists, once, as the real wrapper does.
  const [value, setValue] = useState(() => {
    beforeMount?.(fakeMonaco)
    return defaultValue
  })
  const valueRef = useRef(value)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const cursor = useRef<number | null>(null)
  const blur = useRef<() => void>(() => undefined)
  const actions = useRef<Action[]>([])
  const contextKeys = useRef(new Map<string, boolean>())
  const change = useRef(onChange)
  const mount = useRef(onMount)
  useEffect(() => {
    change.current = onChange
    mount.current = onMount
  })

  // A cursor placed by an edit, once React has written the new text.
  useLayoutEffect(() => {
    if (cursor.current !== null) textarea.current?.setSelectionRange(cursor.current, cursor.current)
    cursor.current = null
  }, [value])

  useEffect(() => {
    const set = (text: string) => {
      valueRef.current = text
      setValue(text)
    }
    const selection = () => range(textarea.current?.selectionStart ?? 0, textarea.current?.selectionEnd ?? 0)
    const model = {
      getValue: () => valueRef.current,
      setValue: set,
      getFullModelRange: () => range(0, valueRef.current.length),
      getValueInRange: (r: Range) => valueRef.current.slice(r.startOffset, r.endOffset),
      getOffsetAt: (p: { offset: number }) => p.offset,
      getPositionAt: (offset: number) => positionAt(valueRef.current, offset),
      pushStackElement: () => undefined,
      pushEditOperations: (_: unknown, edits: { range: Range | LineRange; text: string }[]) => {
        let text = valueRef.current
        const placed = edits.map((edit) => ({ ...offsetsOf(text, edit.range), text: edit.text }))
        // Later ranges first, so earlier offsets stay right.
        for (const edit of placed.sort((a, b) => b.start - a.start)) {
          text = text.slice(0, edit.start) + edit.text + text.slice(edit.end)
        }
        set(text)
        change.current?.(text)
      },
    }
    const editor = {
      getModel: () => model,
      getSelection: selection,
      getSelections: () => [selection()],
      setPosition: (p: { offset: number }) => {
        cursor.current = p.offset
      },
      addAction: (action: Action) => {
        actions.current.push(action)
      },
      createContextKey: (name: string, initial: boolean) => {
        contextKeys.current.set(name, initial)
        return { set: (next: boolean) => contextKeys.current.set(name, next) }
      },
      onDidBlurEditorText: (listener: () => void) => {
        blur.current = listener
      },
      focus: () => textarea.current?.focus(),
    }
    mount.current?.(editor, fakeMonaco) // once, as Monaco mounts once
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const keybinding = keybindingOf(event)
    const action = actions.current.find(
      (a) => a.keybindings?.includes(keybinding ?? -1) && (!a.keybindingContext || contextKeys.current.get(a.keybindingContext))
    )
    if (!action) return
    // As Monaco does: the editor's keybinding takes the key, nothing else sees it.
    event.preventDefault()
    event.stopPropagation()
    action.run()
  }

  return (
    <textarea
      ref={textarea}
      aria-label="SQL"
      data-theme={theme}
      value={value}
      readOnly={options?.readOnly}
      onBlur={() => blur.current()}
      onKeyDown={onKeyDown}
      onChange={(event) => {
        valueRef.current = event.target.value
        setValue(event.target.value)
        onChange?.(event.target.value)
      }}
    />
  )
}
