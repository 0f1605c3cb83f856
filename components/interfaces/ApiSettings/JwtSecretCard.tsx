import { useState } from 'react'
import { RefreshCw } from 'lucide-react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader } from '@/components/ui'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import type { ApiSettingsData } from '@/data/api-settings/api-settings-query'
import { useJwtSecretRotateMutation } from '@/data/api-settings/jwt-secret-rotate-mutation'
import { rolesAllowed } from './api-settings.utils'

/**
 * The project's JWT secret is never shown (DESIGN §5); it can be replaced, which re-issues both API
 * keys and ends the old ones at once, hence the confirmation.
 */
export function JwtSecretCard({ projectRef, settings, canRotate }: { projectRef: string; settings: ApiSettingsData; canRotate: boolean }) {
  const [confirming, setConfirming] = useState(false)
  const rotate = useJwtSecretRotateMutation({
    onSuccess: () => {
      setConfirming(false)
      toast.success('New JWT secret generated: the API keys above are the new ones')
    },
  })
  const rotatedAt = settings.jwt_secret_rotated_at

  return (
    <Card>
      <CardHeader
        title="JWT secret"
        description="The project's own secret that signs its API keys and its users' sessions. It is kept by the platform and never shown."
      />
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-foreground-light">
          {rotatedAt ? `Last generated ${new Date(rotatedAt).toLocaleString()}.` : 'Never changed since the project was created.'}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="danger" icon={<RefreshCw size={14} aria-hidden />} disabled={!canRotate} onClick={() => setConfirming(true)}>
            Generate a new secret
          </Button>
          {!canRotate && <span className="text-xs text-foreground-light">Only {rolesAllowed('api:jwt-secret:rotate')} members can generate a new JWT secret.</span>}
        </div>
      </CardContent>
      {canRotate && (
        <ConfirmModal
          open={confirming}
          title="Generate a new JWT secret?"
          confirmLabel="Generate a new secret"
          loading={rotate.isPending}
          onConfirm={() => rotate.mutate({ projectRef })}
          onClose={() => setConfirming(false)}
        >
          <p>
            Both the anon and the service_role key change. Every app, server and user session using the old keys stops working at once, until you give it the
            new ones.
          </p>
        </ConfirmModal>
      )}
    </Card>
  )
}
