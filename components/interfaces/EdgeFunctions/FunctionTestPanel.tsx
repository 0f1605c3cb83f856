/**
 * A function's test panel: sends a request with a method, a path below the function, headers and
 * a body, from this browser to the function's own URL (the same origin as the dashboard), as the
 * anon key, and shows what came back: status, time, headers, body.
 */
import { useState } from 'react'
import { Send } from 'lucide-react'
import { Button, Card, CardContent, CardHeader, Input, Select, Textarea } from '@/components/ui'
import { parseHeaderLines } from '@/lib/functions/header-lines'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m }))

type Answer = { status: number; statusText: string; ms: number; headers: [string, string][]; body: string } | { error: string }

export function FunctionTestPanel({ url, anonKey }: { url: string; anonKey: string | null }) {
  const [method, setMethod] = useState('POST')
  const [path, setPath] = useState('')
  const [headers, setHeaders] = useState('Content-Type: application/json')
  const [body, setBody] = useState('{ "name": "Functions" }')
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [sending, setSending] = useState(false)
  const parsed = parseHeaderLines(headers)
  const send = async () => {
    if ('error' in parsed) return
    setSending(true)
    const started = performance.now()
    try {
      const target = `${url}${path && !path.startsWith('/') && !path.startsWith('?') ? '/' : ''}${path}`
      const res = await fetch(target, {
        method,
        headers: { ...(anonKey ? { Authorization: `Bearer ${anonKey}`, apikey: anonKey } : {}), ...parsed.headers },
        body: method === 'GET' ? undefined : body,
      })
      const text = await res.text()
      setAnswer({ status: res.status, statusText: res.statusText, ms: Math.round(performance.now() - started), headers: [...res.headers.entries()], body: text })
    } catch (error) {
      setAnswer({ error: error instanceof Error ? error.message : String(error) })
    } finally {
      setSending(false)
    }
  }
  return (
    <Card>
      <CardHeader title="Test" description="Send a request to the deployed function as the anon key, and see its answer. Its log lines appear below." />
      <CardContent className="flex flex-col gap-4">
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
            <Select label="Method" value={method} onChange={(event) => setMethod(event.target.value)} options={METHODS} />
            <Input label="Path below the function" placeholder="/ (optional, with ?query)" value={path} onChange={(event) => setPath(event.target.value)} autoComplete="off" />
          </div>
          <Textarea label="Headers" description="One per line: Name: value." rows={3} value={headers} onChange={(event) => setHeaders(event.target.value)} error={'error' in parsed ? parsed.error : undefined} className="font-mono text-xs" />
          {method !== 'GET' && <Textarea label="Body" rows={5} value={body} onChange={(event) => setBody(event.target.value)} className="font-mono text-xs" />}
          <div className="flex justify-end">
            <Button htmlType="submit" type="primary" icon={<Send size={14} aria-hidden />} loading={sending} disabled={'error' in parsed}>
              Send request
            </Button>
          </div>
        </form>
        {answer && (
          <section aria-label="The function's answer" aria-live="polite" className="flex flex-col gap-2 rounded-md border border-border bg-background p-3">
            {'error' in answer ? (
              <p className="text-sm text-destructive">The request failed before an answer came: {answer.error}</p>
            ) : (
              <>
                <p className="text-sm font-medium text-foreground">
                  <span className={answer.status < 400 ? 'text-brand' : 'text-destructive'}>{answer.status}</span> {answer.statusText} · {answer.ms} ms
                </p>
                <details>
                  <summary className="cursor-pointer text-xs text-foreground-light">Headers ({answer.headers.length})</summary>
                  <pre className="mt-1 overflow-auto font-mono text-xs text-foreground-light">{answer.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
                </details>
                <pre aria-label="Answer body" tabIndex={0} className="max-h-72 overflow-auto whitespace-pre-wrap break-all font-mono text-xs text-foreground">
                  {answer.body || '(empty body)'}
                </pre>
              </>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  )
}
