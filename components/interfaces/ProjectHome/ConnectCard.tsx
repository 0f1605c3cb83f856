import { useState } from 'react'
import { Eye, EyeOff, KeyRound } from 'lucide-react'
import { Alert, Button, Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { CopyButton } from '@/components/ui/CopyButton'
import type { ProjectDetail } from '@/lib/api-types'
import { useCan } from '@/data/profile/use-can'
import { useProjectSettingsQuery } from '@/data/connection/project-settings-query'
import { useDbPasswordQuery } from '@/data/connection/db-password-query'
import { connectionLines, type ConnectionLines } from './connection-lines'
import { ResetPasswordDialog } from './ResetPasswordDialog'

const TABS: { id: keyof ConnectionLines; label: string; copyLabel: string }[] = [
  { id: 'uri', label: 'URI', copyLabel: 'Copy the connection string' },
  { id: 'psql', label: 'psql', copyLabel: 'Copy the psql command' },
  { id: 'env', label: 'Environment variables', copyLabel: 'Copy the environment variables' },
]

/**
 * How to connect an application to the project's database: a URI, a psql command and
 * environment-variable lines, the password shown as [YOUR-PASSWORD] until revealed (members who
 * may read it), and a reset (members who may change it).
 */
export function ConnectCard({ project }: { project: ProjectDetail }) {
  const organization = { id: project.organization_id, slug: project.organization_slug }
  const canReveal = useCan('database:password:read', organization)
  const canReset = useCan('database:password:update', organization)
  const [tab, setTab] = useState<keyof ConnectionLines>('uri')
  const [revealed, setRevealed] = useState(false)
  const [resetting, setResetting] = useState(false)
  const settings = useProjectSettingsQuery({ projectRef: project.ref })
  const password = useDbPasswordQuery({ projectRef: project.ref }, { enabled: revealed && canReveal })

  const lines = settings.data ? connectionLines(settings.data, revealed ? password.data?.password : undefined) : null
  const current = TABS.find((t) => t.id === tab)!

  return (
    <Card>
      <CardHeader
        title="Connect"
        description="Connect an application or a Postgres client to this project's database."
        actions={
          <div className="flex flex-wrap gap-2">
            {canReveal && lines && (
              <Button
                type="default"
                icon={revealed ? <EyeOff size={14} aria-hidden /> : <Eye size={14} aria-hidden />}
                loading={revealed && password.isLoading}
                onClick={() => setRevealed((r) => !r)}
              >
                {revealed ? 'Hide password' : 'Reveal password'}
              </Button>
            )}
            {canReset && settings.data?.db_kind && (
              <Button type="default" icon={<KeyRound size={14} aria-hidden />} onClick={() => setResetting(true)}>
                Reset password
              </Button>
            )}
          </div>
        }
      />
      <CardContent>
        {settings.isLoading ? (
          <div className="flex flex-col gap-2" aria-label="Loading connection details">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : settings.isError ? (
          <Alert variant="danger" title="Could not load the connection details">
            {settings.error.message}
          </Alert>
        ) : !lines ? (
          <Alert variant="warning" title="Nothing to connect to yet">
            {settings.data?.note ?? "The project's database is not set up yet."}
          </Alert>
        ) : (
          <div className="flex flex-col gap-4">
            <div role="tablist" aria-label="Connection format" className="relative flex gap-1 overflow-x-auto border-b border-border">
              {TABS.map((t) => (
                <button
                  key={t.id}
                  role="tab"
                  type="button"
                  id={`connect-tab-${t.id}`}
                  aria-selected={tab === t.id}
                  aria-controls="connect-panel"
                  onClick={() => setTab(t.id)}
                  className={`shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm ${
                    tab === t.id ? 'border-brand text-foreground' : 'border-transparent text-foreground-light hover:text-foreground'
                  }`}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <div id="connect-panel" role="tabpanel" aria-labelledby={`connect-tab-${tab}`} className="flex min-w-0 items-start gap-2">
              <pre className="min-w-0 flex-1 whitespace-pre-wrap break-all rounded-md border border-border bg-surface-raised px-3 py-2 font-mono text-sm">
                {lines[tab]}
              </pre>
              <CopyButton text={lines[tab]} label={current.copyLabel} type="default" />
            </div>
            {revealed && password.isError && (
              <Alert variant="danger" title="Could not reveal the password">
                {password.error.message}
              </Alert>
            )}
            <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-y-1 text-sm">
              <dt className="text-foreground-light">Host</dt>
              <dd className="break-all font-mono">{settings.data!.db_host}</dd>
              <dt className="text-foreground-light">Port</dt>
              <dd className="font-mono">{settings.data!.db_port}</dd>
              <dt className="text-foreground-light">Database</dt>
              <dd className="break-all font-mono">{settings.data!.db_name}</dd>
              <dt className="text-foreground-light">User</dt>
              <dd className="break-all font-mono">{settings.data!.db_user}</dd>
            </dl>
            {settings.data!.note && <Alert variant="info">{settings.data!.note}</Alert>}
          </div>
        )}
      </CardContent>
      {canReset && <ResetPasswordDialog projectRef={project.ref} open={resetting} onOpenChange={setResetting} />}
    </Card>
  )
}
