import Link from 'next/link'
import { Copy, MailCheck } from 'lucide-react'
import { toast } from 'sonner'
import { Alert, Button, buttonClasses } from '@/components/ui'
import type { SupportRequestData } from '@/data/support/support-request-mutation'
import { SUPPORT_ROUTE } from '@/lib/support'

/** Fails (e.g. "Document is not focused") when the window is unfocused: SPEC §5. */
async function copyToClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success('Copied to clipboard')
  } catch {
    toast.error('Unable to copy to clipboard')
  }
}

export type Outcome =
  | { kind: 'sent'; answer: SupportRequestData }
  | { kind: 'stored'; answer: SupportRequestData }
  | { kind: 'failed'; message: string }
  | { kind: 'signed-out' }

function Report({ report }: { report: string }) {
  return (
    <pre
      aria-label="Support report"
      className="mt-2 max-h-72 overflow-auto rounded-md border border-border bg-surface p-3 font-mono text-xs whitespace-pre-wrap break-words text-foreground"
    >
      {report}
    </pre>
  )
}

const copyButton = (report: string) => (
  <Button size="tiny" icon={<Copy size={12} aria-hidden="true" />} onClick={() => copyToClipboard(report)}>
    Copy report
  </Button>
)

/** What became of a submitted request: sent (to which address), stored only (and why), or not sent at all. */
export function SupportOutcome({ outcome, report }: { outcome: Outcome; report: string }) {
  if (outcome.kind === 'sent')
    return (
      <Alert variant="info" icon={<MailCheck size={16} className="text-brand" aria-hidden />} className="mt-5" title={`Sent to ${outcome.answer.emailed_to}`}>
        Your request {outcome.answer.id} was mailed to support. Replies go to your account&apos;s email address.
      </Alert>
    )
  if (outcome.kind === 'stored')
    return (
      <Alert variant="warning" className="mt-5" title="Saved, but not mailed" actions={copyButton(report)}>
        {outcome.answer.note}
        <Report report={report} />
      </Alert>
    )
  if (outcome.kind === 'failed')
    return (
      <Alert variant="danger" className="mt-5" title="Your request could not be sent" actions={copyButton(report)}>
        {outcome.message} Copy the report below so that it is not lost, and try again.
        <Report report={report} />
      </Alert>
    )
  return (
    <Alert
      variant="info"
      className="mt-5"
      title="Sign in to send this to support"
      actions={
        <>
          <Link href={{ pathname: '/sign-in', query: { returnTo: SUPPORT_ROUTE } }} className={buttonClasses({ type: 'default', size: 'tiny' })}>
            Sign in
          </Link>
          {copyButton(report)}
        </>
      }
    >
      Requests are sent from a signed-in account, so that support can answer you. If you cannot sign in, copy this report and send it to whoever runs this installation.
      <Report report={report} />
    </Alert>
  )
}
