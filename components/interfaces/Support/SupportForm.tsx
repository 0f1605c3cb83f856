import { useState, type FormEvent } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { Button, Card, CardContent, CardHeader, Input, Select, Textarea } from '@/components/ui'
import { useSupportRequestMutation } from '@/data/support/support-request-mutation'
import { SUPPORT_CATEGORIES, type SupportCategory } from '@/lib/support'
import { SupportOutcome, type Outcome } from './SupportOutcome'

export interface SupportRequest {
  category: SupportCategory
  subject: string
  message: string
}

export function formatReport({ category, subject, message }: SupportRequest) {
  const label = SUPPORT_CATEGORIES.find((c) => c.value === category)?.label ?? category
  return `Category: ${label} (${category})\nSubject: ${subject.trim()}\n\n${message.trim()}\n`
}

/**
 * The support form. A signed-in user's request goes to the platform, which stores it and mails it
 * to the installation's support address when it can; the outcome says which, and what to do when
 * it was not mailed. A visitor gets the report to copy and a way to sign in.
 */
export function SupportForm({ initial }: { initial: SupportRequest }) {
  const isPlatform = useIsPlatform()
  const { session, mfaRequired } = useAuth()
  const signedIn = !isPlatform || (!!session && !mfaRequired)
  const [request, setRequest] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<'subject' | 'message', string>>>({})
  /** The report as submitted, with what became of it; cleared on any edit so the copied text always matches the form. */
  const [submitted, setSubmitted] = useState<{ report: string; outcome: Outcome } | null>(null)
  const send = useSupportRequestMutation()

  const update = <K extends keyof SupportRequest>(field: K, value: SupportRequest[K]) => {
    setRequest((r) => ({ ...r, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
    setSubmitted(null)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const next = {
      subject: request.subject.trim() ? undefined : 'Please add a subject',
      message: request.message.trim() ? undefined : 'Please describe the problem',
    }
    setErrors(next)
    if (next.subject || next.message) return
    const report = formatReport(request)
    if (!signedIn) return setSubmitted({ report, outcome: { kind: 'signed-out' } })
    send.mutate(request, {
      onSuccess: (answer) => setSubmitted({ report, outcome: { kind: answer.emailed_to ? 'sent' : 'stored', answer } }),
      onError: (error) => setSubmitted({ report, outcome: { kind: 'failed', message: error.message } }),
    })
  }

  return (
    <Card>
      <CardHeader title="Contact support" description="Tell us what happened. Include the steps that led to the problem if you can." />
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Select
            label="Category"
            name="category"
            value={request.category}
            onChange={(e) => update('category', e.target.value as SupportCategory)}
            options={SUPPORT_CATEGORIES}
          />
          <Input label="Subject" name="subject" value={request.subject} onChange={(e) => update('subject', e.target.value)} error={errors.subject} required />
          <Textarea
            label="Message"
            name="message"
            rows={10}
            value={request.message}
            onChange={(e) => update('message', e.target.value)}
            error={errors.message}
            required
          />
          <div className="flex justify-end">
            <Button type="primary" htmlType="submit" loading={send.isPending}>
              Submit
            </Button>
          </div>
        </form>
        {submitted && <SupportOutcome outcome={submitted.outcome} report={submitted.report} />}
      </CardContent>
    </Card>
  )
}
