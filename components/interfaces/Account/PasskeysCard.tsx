import { useState } from 'react'
import { toast } from 'sonner'
import { KeyRound, Plus } from 'lucide-react'
import { Alert, Badge, Button, Card, CardContent, CardHeader, EmptyState, Modal, ModalActions, Skeleton } from '@/components/ui'
import { useIsClient } from '@/components/ui/useIsClient'
import { usePasskeysQuery, type Passkey } from '@/data/auth/passkeys-query'
import { usePasskeyRegisterMutation } from '@/data/auth/passkey-register-mutation'
import { usePasskeyDeleteMutation } from '@/data/auth/passkey-delete-mutation'
import { browserSupportsPasskeys } from '@/lib/auth/passkeys'
import { PasskeyRow, passkeyName } from './PasskeyRow'

/**
 * Passkeys of the signed-in account: add one (the browser's prompt), rename, remove with a
 * confirmation. Signing in with one is on the sign-in page (PasskeySignInButton).
 */
export function PasskeysCard() {
  // Known only in the browser: rendered after hydration, so server and client markup agree.
  const isClient = useIsClient()
  const supported = isClient && browserSupportsPasskeys()
  const passkeys = usePasskeysQuery()
  const [addError, setAddError] = useState<string | null>(null)
  const [removing, setRemoving] = useState<Passkey | null>(null)
  const add = usePasskeyRegisterMutation({
    onMutate: () => setAddError(null),
    onSuccess: () => toast.success('Passkey added: you can sign in with it now'),
    onError: (error) => setAddError(error.message),
  })
  const remove = usePasskeyDeleteMutation({
    onSuccess: () => {
      toast.success(`${removing ? passkeyName(removing) : 'The passkey'} was removed`)
      setRemoving(null)
    },
  })

  const list = passkeys.data ?? []
  const addButton = (
    <Button type="default" icon={<Plus size={14} />} onClick={() => add.mutate()} loading={add.isPending} disabled={!supported}>
      Add passkey
    </Button>
  )

  return (
    <Card>
      <CardHeader
        title="Passkeys"
        description="Sign in with your fingerprint, face or device PIN instead of a password."
        actions={list.length > 0 ? <Badge variant="brand">{list.length}</Badge> : undefined}
      />
      <CardContent className="flex flex-col gap-4">
        {isClient && !supported && (
          <Alert variant="info" title="Your browser does not support passkeys">
            Open this page in a current browser (Chrome, Edge, Firefox or Safari) to add one.
          </Alert>
        )}
        {passkeys.isLoading && (
          <div className="flex flex-col gap-2" aria-label="Loading passkeys">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {passkeys.error && <Alert variant="danger">Failed to load your passkeys: {passkeys.error.message}</Alert>}
        {passkeys.isSuccess && list.length === 0 && (
          <EmptyState
            className="py-8"
            icon={<KeyRound size={24} />}
            title="No passkeys yet"
            description="A passkey lives on your device or in your password manager; the dashboard never sees your fingerprint or PIN."
            action={supported ? addButton : undefined}
          />
        )}
        {list.length > 0 && (
          <>
            <ul className="flex flex-col divide-y divide-border rounded border border-border" aria-label="Passkeys">
              {list.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} disabled={remove.isPending} />
              ))}
            </ul>
            {supported && <div>{addButton}</div>}
          </>
        )}
        {addError && (
          <Alert variant="danger" role="alert">
            {addError}
          </Alert>
        )}
      </CardContent>
      <Modal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        size="small"
        title={`Remove ${removing ? passkeyName(removing) : 'passkey'}?`}
        description="You will no longer be able to sign in with it. It stays on your device until you delete it there."
        preventBackdropClose={remove.isPending}
        footer={
          <ModalActions
            actionLabel="Remove passkey"
            tone="danger"
            onCancel={() => setRemoving(null)}
            onAction={() => removing && remove.mutate({ passkeyId: removing.id })}
            busy={remove.isPending}
          />
        }
      />
    </Card>
  )
}
