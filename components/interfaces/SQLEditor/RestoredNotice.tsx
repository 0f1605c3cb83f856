import { History, X } from 'lucide-react'
import { useState } from 'react'

/** Said once when the editor opened with text this browser kept because the server never acknowledged it. */
export function RestoredNotice() {
  const [open, setOpen] = useState(true)
  if (!open) return null
  return (
    <div role="status" className="flex shrink-0 items-center gap-2 border-b border-warning/40 bg-warning/10 px-3 py-1.5 text-xs text-foreground">
      <History size={14} aria-hidden="true" className="shrink-0 text-warning" />
      <span className="flex-1">Restored changes that were not saved yet. They are being saved now.</span>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => setOpen(false)}
        className="rounded p-0.5 text-foreground-lighter hover:text-foreground focus-visible:ring-2 focus-visible:ring-brand"
      >
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  )
}
