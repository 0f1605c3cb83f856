import { useState } from 'react'
import { Eye, EyeOff } from 'lucide-react'
import { Alert, Badge, Button, Card, CardContent, CardHeader } from '@/components/ui'
import { useApiSettingsQuery, type ApiSettingsData } from '@/data/api-settings/api-settings-query'
import { rolesAllowed } from './api-settings.utils'
import { ValueField } from './ValueField'

const MASK = '••••••••••••••••••••••••••••••••'

/**
 * The anon key (public) and the service_role key (secret): masked until a member whose role may
 * read it reveals it; it is fetched only then (?reveal=true) and forgotten once hidden.
 */
export function ApiKeysCard({ projectRef, settings, canReveal }: { projectRef: string; settings: ApiSettingsData; canReveal: boolean }) {
  const [revealed, setRevealed] = useState(false)
  const secret = useApiSettingsQuery({ projectRef, reveal: true }, { enabled: revealed && canReveal })
  const serviceKey = revealed ? (secret.data?.service_role_key ?? null) : null

  return (
    <Card>
      <CardHeader title="API keys" description="Both keys are JWTs signed with the project's own JWT secret; the data API checks them on every request." />
      <CardContent className="flex flex-col gap-6">
        <ValueField label="anon" badge={<Badge>public</Badge>} value={settings.anon_key} copyLabel="Copy the anon key">
          <p className="text-xs text-foreground-light">Safe to use in a browser once row-level security is on for your tables and you have policies.</p>
        </ValueField>
        <ValueField
          label="service_role"
          badge={<Badge variant="destructive">secret</Badge>}
          value={serviceKey}
          copyLabel="Copy the service_role key"
          masked={<span aria-label="Hidden service_role key">{MASK}</span>}
        >
          <div className="flex flex-wrap items-center gap-2">
            {/* Offered only to the roles the platform lets see it: none is a button it would then refuse. */}
            {canReveal && (
              <Button
                size="tiny"
                type="default"
                loading={revealed && secret.isFetching}
                icon={revealed ? <EyeOff size={14} aria-hidden /> : <Eye size={14} aria-hidden />}
                onClick={() => setRevealed((r) => !r)}
              >
                {revealed ? 'Hide' : 'Reveal'}
              </Button>
            )}
            {!canReveal && (
              <span className="text-xs text-foreground-light">Only {rolesAllowed('api:service-key:read')} members can reveal the service_role key.</span>
            )}
          </div>
          {revealed && secret.isError && (
            <Alert variant="danger" title="Could not reveal the service_role key">
              {secret.error.message}
            </Alert>
          )}
          <Alert variant="warning" title="Never put this key in a browser or an app">
            It bypasses row-level security: whoever holds it reads and changes every row. Keep it on your servers only.
          </Alert>
        </ValueField>
      </CardContent>
    </Card>
  )
}
