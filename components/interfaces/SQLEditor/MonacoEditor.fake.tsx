/**
 * Monaco does not run in jsdom: component tests swap MonacoEditor.tsx for this textarea, which
 * speaks the part of the editor API SQLEditor uses (model text, edits, actions, blur, markers).
 */
import { useEffect, useRef, useState } from 'react'

type Props = {
  defaultValue?: string
  options?: { readOnly?: boolean }
  onMount?: (editor: unknown, monaco: unknown) => void
  onChange?: (value: string | undefined) => void
}

export const fakeMonaco = {
  KeyMod: { CtrlCmd: 2048 },
  KeyCode: { Enter: 3, KeyS: 49 },
  MarkerSeverity: { Error: 8 },
  editor: { setModelMarkers: () => undefined },
}

export default function FakeMonacoEditor({ defaultValue = '', options, onMount, onChange }: Props) {
  const [value, setValue] = useState(defaultValue)
  const valueRef = useRef(value)
  const blur = useRef<() => void>(() => undefined)
  const change = useRef(onChange)
  const mount = useRef(onMount)
  useEffect(() => {
    change.current = onChange
    mount.current = onMount
  })

  useEffect(() => {
    const set = (text: string) => {
      valueRef.current = text
      setValue(text)
    }
    const model = {
      getValue: () => valueRef.current,
      setValue: set,
      getFullModelRange: () => ({}),
      pushEditOperations: (_: unknown, edits: { text: string }[]) => {
        set(edits[0].text)
        change.current?.(edits[0].text)
      },
      getValueInRange: () => '',
      getOffsetAt: () => 0,
    }
    const editor = {
      getModel: () => model,
      getSelection: () => null,
      addAction: () => undefined,
      onDidBlurEditorText: (listener: () => void) => {
        blur.current = listener
      },
      focus: () => undefined,
    }
    mount.current?.(editor, fakeMonaco) // once, as Monaco mounts once
  }, [])

  return (
    <textarea
      aria-label="SQL"
      value={value}
      readOnly={options?.readOnly}
      onBlur={() => blur.current()}
      onChange={(event) => {
        valueRef.current = event.target.value
        setValue(event.target.value)
        onChange?.(event.target.value)
      }}
    />
  )
}
