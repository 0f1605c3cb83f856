import { useState, type FormEvent } from 'react'
import dayjs from 'dayjs'
import { toast } from 'sonner'
import { KeyRound, Pencil, Trash2 } from 'lucide-react'
import { Button, Input } from '@/components/ui'
import type { Passkey } from '@/data/auth/passkeys-query'
import { usePasskeyUpdateMutation } from '@/data/auth/passkey-update-mutation'
import { MAX_PASSKEY_NAME_LENGTH } from '@/lib/api-types/passkeys'

const day = (iso: string) => dayjs(iso).format('D MMM YYYY')
export const passkeyName = (passkey: Passkey) => passkey.friendly_name || 'Passkey'

/** One passkey: its name and dates, renamed in place; removing is asked about by the card. */
export function PasskeyRow({ passkey, onRemove, disabled }: { passkey: Passkey; onRemove: () => void; disabled?: boolean }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState('')
  const update = usePasskeyUpdateMutation({
    onSuccess: () => {
      toast.success('Passkey renamed')
      setEditing(false)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed || trimmed === passkey.friendly_name) return setEditing(false)
    update.mutate({ passkeyId: passkey.id, friendlyName: trimmed })
  }

  if (editing)
    return (
      <li className="px-3 py-2">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <Input
            label="Passkey name"
            value={name}
            maxLength={MAX_PASSKEY_NAME_LENGTH}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
            autoFocus
            containerClassName="flex-1"
          />
          <div className="flex gap-2">
            <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!name.trim()}>
              Save
            </Button>
            <Button onClick={() => setEditing(false)} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    )

  return (
    <li className="flex items-center gap-3 px-3 py-2 text-sm">
      <KeyRound size={16} className="shrink-0 text-brand" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-foreground">{passkeyName(passkey)}</p>
        <p className="text-xs text-foreground-lighter">
          Added {day(passkey.created_at)} · {passkey.last_used_at ? `Last used ${day(passkey.last_used_at)}` : 'Never used'}
        </p>
      </div>
      <Button
        type="text"
        size="tiny"
        icon={<Pencil size={14} />}
        onClick={() => {
          setName(passkeyName(passkey))
          setEditing(true)
        }}
        disabled={disabled}
        aria-label={`Rename ${passkeyName(passkey)}`}
      >
        <span className="hidden sm:inline">Rename</span>
      </Button>
      <Button type="text" size="tiny" icon={<Trash2 size={14} />} onClick={onRemove} disabled={disabled} aria-label={`Remove ${passkeyName(passkey)}`}>
        <span className="hidden sm:inline">Remove</span>
      </Button>
    </li>
  )
}
