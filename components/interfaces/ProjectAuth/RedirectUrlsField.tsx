import { useId, useState } from 'react'
import { Plus, X } from 'lucide-react'
import { Button, Input } from '@/components/ui'
import { redirectUrlProblem } from './project-auth.utils'

/**
 * The redirect URLs allow-list: each entry with a remove button, and a field to add one. An entry
 * is a URL matched exactly, or one ending in `**` that allows everything under it.
 */
export function RedirectUrlsField({
  value,
  disabled,
  error,
  onChange,
}: {
  value: readonly string[]
  disabled: boolean
  error?: string
  onChange: (next: string[]) => void
}) {
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const headingId = useId()

  const add = () => {
    const why = redirectUrlProblem(draft, value)
    setProblem(why)
    if (why) return
    onChange([...value, draft.trim()])
    setDraft('')
  }

  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="text-sm font-medium text-foreground">
        Redirect URLs
      </p>
      <p className="text-xs text-foreground-light">
        Besides the site URL, the places an application may ask to return to. End a URL with <code>**</code> to allow every path under it.
      </p>
      {value.length === 0 ? (
        <p className="text-sm text-foreground-light">No redirect URLs: only the site URL is allowed.</p>
      ) : (
        <ul aria-label="Redirect URLs" className="divide-y divide-border rounded-md border border-border">
          {value.map((url) => (
            <li key={url} className="flex items-center gap-2 px-3 py-1.5">
              <code className="min-w-0 flex-1 font-mono text-xs break-all">{url}</code>
              <Button
                type="text"
                size="tiny"
                icon={<X size={14} aria-hidden />}
                aria-label={`Remove ${url}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((u) => u !== url))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-start gap-2">
        <Input
          aria-label="New redirect URL"
          placeholder="https://app.example.com/**"
          value={draft}
          disabled={disabled}
          spellCheck={false}
          onChange={(e) => (setDraft(e.target.value), setProblem(null))}
          onKeyDown={(e) => {
            // Enter adds the entry rather than submitting the whole form.
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
          error={problem ?? undefined}
          containerClassName="min-w-0 flex-1"
        />
        <Button type="outline" icon={<Plus size={14} aria-hidden />} disabled={disabled} onClick={add}>
          Add URL
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
