/**
 * What the inspector joins: a channel's name, whom it listens as (anon, one of the project's
 * users, or the service role for members who may see its key), and whether it binds database
 * changes (a schema, and a table or every table of it).
 */
import { useState, type FormEvent } from 'react'
import { Button, Card, CardContent, CardHeader, Input, Select, Toggle } from '@/components/ui'
import type { RealtimeInspectorRole } from '@/lib/api-types/realtime'
import { useProjectUsersQuery } from '@/data/project-auth/project-users-query'
import type { InspectorJoin, InspectorStatus } from './useInspectorChannel'

const ROLE_OPTIONS: { value: RealtimeInspectorRole; label: string }[] = [
  { value: 'anon', label: 'Anonymous (the anon key)' },
  { value: 'authenticated', label: 'A user of the project' },
  { value: 'service_role', label: 'Service role (every change, no RLS)' },
]

export function InspectorJoinForm({
  projectRef,
  status,
  canUseServiceRole,
  onJoin,
  onLeave,
}: {
  projectRef: string
  status: InspectorStatus
  canUseServiceRole: boolean
  onJoin(join: InspectorJoin): void
  onLeave(): void
}) {
  const [channel, setChannel] = useState('room-1')
  const [role, setRole] = useState<RealtimeInspectorRole>('anon')
  const [userId, setUserId] = useState('')
  const [changes, setChanges] = useState(true)
  const [schema, setSchema] = useState('public')
  const [table, setTable] = useState('')
  const [touched, setTouched] = useState(false)
  const users = useProjectUsersQuery({ projectRef, page: 1, perPage: 100, keywords: '' }, { enabled: role === 'authenticated' })

  const channelError = channel.trim() === '' ? 'Name the channel to join.' : undefined
  const userError = role === 'authenticated' && !userId ? 'Choose the user to listen as.' : undefined
  const schemaError = changes && schema.trim() === '' ? 'Name the schema, or * for every schema.' : undefined
  const busy = status.state === 'joining'
  const joined = status.state === 'joined'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (channelError || userError || schemaError) return
    onJoin({ channel: channel.trim(), role, userId: role === 'authenticated' ? userId : undefined, changes: changes ? { schema: schema.trim(), table: table.trim() } : null })
  }

  if (joined) {
    const { join } = status
    return (
      <Card>
        <CardHeader
          title={`Listening to ${join.channel}`}
          description={`As ${ROLE_OPTIONS.find((o) => o.value === join.role)?.label.toLowerCase()}${join.changes ? `, with database changes of ${join.changes.schema}${join.changes.table ? `.${join.changes.table}` : ''}` : ''}.`}
          actions={
            <Button type="default" onClick={onLeave}>
              Leave channel
            </Button>
          }
        />
      </Card>
    )
  }

  const userOptions = (users.data?.users ?? []).map((user) => ({ value: user.id, label: user.email ?? user.phone ?? user.id }))
  return (
    <Card>
      <CardHeader title="Join a channel" description="As an application would: the inspector's socket is one of the project's realtime connections." />
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <Input label="Channel" value={channel} onChange={(e) => setChannel(e.target.value)} error={touched ? channelError : undefined} placeholder="room-1" autoComplete="off" />
          <Select label="Listen as" value={role} onChange={(e) => setRole(e.target.value as RealtimeInspectorRole)} options={ROLE_OPTIONS.map((o) => ({ ...o, disabled: o.value === 'service_role' && !canUseServiceRole }))} />
          {role === 'authenticated' && (
            <Select
              label="User"
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              error={touched ? userError : undefined}
              description={users.isError ? `The users could not be loaded: ${users.error.message}` : users.data?.total === 0 ? 'The project has no users yet: add one under Authentication → Users.' : 'Policies see this user as auth.uid().'}
              options={[{ value: '', label: users.isPending ? 'Loading users…' : 'Choose a user' }, ...userOptions]}
            />
          )}
          <div className="flex flex-col gap-3 sm:col-span-2">
            <Toggle checked={changes} onCheckedChange={setChanges} label="Database changes" description="Rows inserted, updated and deleted in tables of the supabase_realtime publication, as RLS lets this role see them." />
            {changes && (
              <div className="grid gap-4 sm:grid-cols-2">
                <Input label="Schema" value={schema} onChange={(e) => setSchema(e.target.value)} error={touched ? schemaError : undefined} autoComplete="off" />
                <Input label="Table" value={table} onChange={(e) => setTable(e.target.value)} placeholder="every table" autoComplete="off" />
              </div>
            )}
          </div>
          <div className="flex items-center gap-3 sm:col-span-2">
            <Button htmlType="submit" type="primary" loading={busy}>
              {busy ? 'Joining…' : 'Join channel'}
            </Button>
            {status.state === 'error' && (
              <p role="alert" className="text-sm text-destructive">
                {status.message}
              </p>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
