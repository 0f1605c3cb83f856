/** Sends a broadcast on the joined channel: an event name and a JSON payload; the answer says whether the server took it. */
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, Input, Textarea } from '@/components/ui'
import { parsePayload } from '@/lib/realtime/inspector-log'

export function InspectorBroadcastForm({ joined, onSend }: { joined: boolean; onSend(event: string, payload: unknown): Promise<string> }) {
  const [event, setEvent] = useState('message')
  const [payload, setPayload] = useState('{\n  "text": "hello"\n}')
  const [touched, setTouched] = useState(false)
  const [sending, setSending] = useState(false)
  const parsed = parsePayload(payload)
  const eventError = event.trim() === '' ? 'Name the event.' : undefined

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (eventError || !parsed.ok) return
    setSending(true)
    const answer = await onSend(event.trim(), parsed.value).finally(() => setSending(false))
    if (answer === 'ok') toast.success(`Broadcast “${event.trim()}” sent`)
    else toast.error(answer === 'timed out' ? 'The broadcast got no answer in time: check the connection and send it again.' : 'The broadcast was refused: it may be larger than the plan allows.')
  }

  return (
    <Card>
      <CardHeader title="Send a broadcast" description="To everyone on the channel, the inspector included." />
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <Input label="Event" value={event} onChange={(e) => setEvent(e.target.value)} error={touched ? eventError : undefined} autoComplete="off" />
          <Textarea label="Payload (JSON)" value={payload} onChange={(e) => setPayload(e.target.value)} rows={4} className="font-mono" error={touched && !parsed.ok ? parsed.error : undefined} />
          <div>
            <Button htmlType="submit" type="primary" disabled={!joined} loading={sending}>
              Send broadcast
            </Button>
            {!joined && <p className="mt-2 text-sm text-foreground-light">Join a channel first.</p>}
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
