import { useState } from 'react'
import { Button } from '@/components/ui'
import { revealVaultSecret } from '@/data/project-features/vault-reveal'
import type { VaultSecret } from '@/lib/sql/project-features/vault'

/** Reveal / Hide of one secret's value: read when asked, held here only while shown. */
export function RevealSecret({ projectRef, secret }: { projectRef: string; secret: VaultSecret }) {
  const [value, setValue] = useState<string | null | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const reveal = async () => {
    setBusy(true)
    setError(null)
    try {
      setValue(await revealVaultSecret(projectRef, secret.id))
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="mt-1 flex min-w-0 flex-col gap-1">
      {value === undefined ? (
        <Button size="tiny" type="text" loading={busy} onClick={() => void reveal()} className="self-start">
          Reveal
        </Button>
      ) : (
        <div className="flex min-w-0 items-start gap-2">
          <code
            aria-label={`Value of ${secret.name ?? 'the secret'}`}
            className="min-w-0 break-all rounded bg-surface-raised px-1 font-mono text-xs text-foreground"
          >
            {value ?? '(could not be decrypted)'}
          </code>
          <Button size="tiny" type="text" onClick={() => setValue(undefined)}>
            Hide
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
