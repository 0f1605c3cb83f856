import { useState, type KeyboardEvent } from 'react'

export type InlineNameInputProps = {
  label: string
  initial: string
  onSubmit: (name: string) => void
  onCancel: () => void
}

/** A name edited in place: Enter or leaving the field keeps it, Escape drops it. */
export function InlineNameInput({ label, initial, onSubmit, onCancel }: InlineNameInputProps) {
  const [value, setValue] = useState(initial)
  const [done, setDone] = useState(false)
  const finish = (keep: boolean) => {
    if (done) return
    setDone(true)
    const name = value.trim()
    if (keep && name && name !== initial) onSubmit(name)
    else onCancel()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      finish(true)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      finish(false)
    }
  }
  return (
    <input
      aria-label={label}
      // The user asked to rename: the field is what they type into next.
      autoFocus
      value={value}
      maxLength={256}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
      className="h-7 w-full min-w-0 rounded border border-brand bg-background px-1.5 text-sm text-foreground outline-none"
    />
  )
}
