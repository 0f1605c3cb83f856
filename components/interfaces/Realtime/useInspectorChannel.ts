/**
 * The inspector's one channel: joined from the browser to the project's own realtime socket, as an
 * application joins it (realtime-js), acting as anon, a user of the project or the service role
 * (the token the platform gives, data/realtime/inspector-token-mutation.ts). It listens to every
 * broadcast, to presence and, when asked, to database changes, and sends broadcasts.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { RealtimeClient, type RealtimeChannel } from '@supabase/realtime-js'
import type { RealtimeInspectorRole } from '@/lib/api-types/realtime'
import { cleared, emptyLog, paused, received, resumed, type InspectorLog, type InspectorMessageKind } from '@/lib/realtime/inspector-log'
import { createRealtimeInspectorToken } from '@/data/realtime/inspector-token-mutation'

export type InspectorJoin = {
  channel: string
  role: RealtimeInspectorRole
  userId?: string
  /** Database changes of `schema` (and `table`, or every table), or none. */
  changes: { schema: string; table: string } | null
}

export type InspectorStatus = { state: 'idle' } | { state: 'joining'; join: InspectorJoin } | { state: 'joined'; join: InspectorJoin } | { state: 'error'; message: string }

export function useInspectorChannel(projectRef: string) {
  const [log, setLog] = useState<InspectorLog>(emptyLog)
  const [status, setStatus] = useState<InspectorStatus>({ state: 'idle' })
  const client = useRef<RealtimeClient | null>(null)
  const channel = useRef<RealtimeChannel | null>(null)

  const add = useCallback((kind: InspectorMessageKind, payload: unknown) => setLog((current) => received(current, kind, payload)), [])

  const leave = useCallback(() => {
    const joined = channel.current
    channel.current = null
    if (joined) void joined.unsubscribe()
    client.current?.disconnect()
    client.current = null
    setStatus({ state: 'idle' })
  }, [])

  useEffect(() => leave, [leave])

  const join = useCallback(
    async (join: InspectorJoin) => {
      leave()
      setStatus({ state: 'joining', join })
      let token
      try {
        token = await createRealtimeInspectorToken({ projectRef, role: join.role, userId: join.userId })
      } catch (error) {
        setStatus({ state: 'error', message: (error as Error).message })
        return
      }
      const realtime = new RealtimeClient(`${token.url.replace(/^http/, 'ws')}/realtime/v1`, { params: { apikey: token.apikey } })
      void realtime.setAuth(token.access_token)
      client.current = realtime
      const joined = realtime.channel(join.channel, { config: { broadcast: { self: true, ack: true } } })
      joined.on('broadcast', { event: '*' }, (payload) => add('broadcast', payload))
      joined.on('presence', { event: 'sync' }, () => add('presence', { state: joined.presenceState() }))
      joined.on('system', {}, (payload) => add('system', payload))
      if (join.changes) {
        const filter = join.changes.table ? { schema: join.changes.schema, table: join.changes.table } : { schema: join.changes.schema }
        joined.on('postgres_changes', { event: '*', ...filter }, (payload) => add('postgres_changes', payload))
      }
      channel.current = joined
      joined.subscribe((state, error) => {
        if (channel.current !== joined) return
        if (state === 'SUBSCRIBED') setStatus({ state: 'joined', join })
        else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') {
          setStatus({ state: 'error', message: error?.message || (state === 'TIMED_OUT' ? 'The channel did not answer in time: try again.' : 'The channel could not be joined.') })
          channel.current = null
          realtime.disconnect()
        }
      })
    },
    [add, leave, projectRef]
  )

  const send = useCallback(async (event: string, payload: unknown) => {
    if (!channel.current) return 'error'
    return channel.current.send({ type: 'broadcast', event, payload })
  }, [])

  return {
    log,
    status,
    join,
    leave,
    send,
    pause: () => setLog(paused),
    resume: () => setLog(resumed),
    clear: () => setLog(cleared),
  }
}
