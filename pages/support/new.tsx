import { Alert, Button, Card, CardContent, CardHeader, Input, Select, Skeleton, Textarea } from '@/components/ui'
import { PublicLayout } from '@/components/layouts/PublicLayout'
import { PRODUCT_NAME } from '@/lib/constants'
import { SUPPORT_CATEGORIES, type SupportCategory } from '@/lib/support'
import type { NextPageWithLayout } from '@/lib/types/page'
import { Copy } from 'lucide-react'
import Head from 'next/head'
import { useRouter } from 'next/router'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'

const CATEGORIES = SUPPORT_CATEGORIES
type Category = SupportCategory

interface SupportRequest {
  category: Category
  subject: string
  message: string
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/** Prefill from `?category=&subject=&message=` (SPEC §2: the error screen links here). */
function requestFromQuery(query: Record<string, string | string[] | undefined>): SupportRequest {
  const category = first(query.category)
  return {
    category: CATEGORIES.some((c) => c.value === category) ? (category as Category) : 'other',
    subject: first(query.subject),
    message: first(query.message),
  }
}

function formatReport({ category, subject, message }: SupportRequest) {
  const label = CATEGORIES.find((c) => c.value === category)?.label ?? category
  return `Category: ${label} (${category})\nSubject: ${subject.trim()}\n\n${message.trim()}\n`
}

/** Fails (e.g. "Document is not focused") when the window is unfocused: SPEC §5. */
async function copyToClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success('Copied to clipboard')
  } catch {
    toast.error('Unable to copy to clipboard')
  }
}

function SupportForm({ initial }: { initial: SupportRequest }) {
  const [request, setRequest] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<'subject' | 'message', string>>>({})
  /** The report as submitted; cleared on any edit so the copied text always matches the form. */
  const [report, setReport] = useState<string | null>(null)

  const update = <K extends keyof SupportRequest>(field: K, value: SupportRequest[K]) => {
    setRequest((r) => ({ ...r, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
    setReport(null)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const next = {
      subject: request.subject.trim() ? undefined : 'Please add a subject',
      message: request.message.trim() ? undefined : 'Please describe the problem',
    }
    setErrors(next)
    if (next.subject || next.message) return
    setReport(formatReport(request))
  }

  return (
    <Card>
      <CardHeader
        title="Contact support"
        description="Tell us what happened. Include the steps that led to the problem if you can."
      />
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Select
            label="Category"
            name="category"
            value={request.category}
            onChange={(e) => update('category', e.target.value as Category)}
            options={CATEGORIES}
          />
          <Input
            label="Subject"
            name="subject"
            value={request.subject}
            onChange={(e) => update('subject', e.target.value)}
            error={errors.subject}
            required
          />
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
            <Button type="primary" htmlType="submit">
              Submit
            </Button>
          </div>
        </form>

        {report !== null && (
          <Alert
            variant="info"
            className="mt-5"
            title="Support requests are sent by email in this installation: copy this report"
            actions={
              <Button size="tiny" icon={<Copy size={12} aria-hidden="true" />} onClick={() => copyToClipboard(report)}>
                Copy report
              </Button>
            }
          >
            <pre
              aria-label="Support report"
              className="mt-2 max-h-72 overflow-auto rounded-md border border-border bg-surface p-3 font-mono text-xs whitespace-pre-wrap break-words text-foreground"
            >
              {report}
            </pre>
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}

/** Public, like the docs: the error screen sends people here whether or not they are signed in. */
const SupportNewPage: NextPageWithLayout = () => {
  const router = useRouter()
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8 sm:py-12">
      <Head>
        <title>{`Support | ${PRODUCT_NAME}`}</title>
      </Head>
      {router.isReady ? (
        <SupportForm initial={requestFromQuery(router.query)} />
      ) : (
        <div aria-busy="true" aria-label="Loading support form" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </div>
  )
}

SupportNewPage.getLayout = (page) => <PublicLayout breadcrumbs={[{ label: 'Support' }]}>{page}</PublicLayout>
export default SupportNewPage
