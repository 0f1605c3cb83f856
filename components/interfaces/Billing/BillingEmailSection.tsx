import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, Input } from '@/components/ui'
import { useOrganizationUpdateMutation } from '@/data/organizations/organization-update-mutation'
import type { Organization } from '@/lib/api-types'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** What the platform answers for "no billing email" (SPEC §3). */
const UNKNOWN = 'Unknown'

/** Where statements and billing notices go. Owners and Admins change it; others read it. */
export function BillingEmailSection({ org, canUpdate }: { org: Organization; canUpdate: boolean }) {
  const saved = org.billing_email === UNKNOWN ? '' : org.billing_email
  const [email, setEmail] = useState(saved)
  const [touched, setTouched] = useState(false)
  const update = useOrganizationUpdateMutation({ onSuccess: () => toast.success('Billing email saved') })
  const trimmed = email.trim()
  const error = trimmed && !EMAIL.test(trimmed) ? 'Billing email must be a valid email address' : undefined
  const changed = trimmed !== saved

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (error || !changed) return
    update.mutate({ slug: org.slug, billing_email: trimmed || null })
  }

  return (
    <Card>
      <CardHeader title="Billing email" description="Statements and billing notices go here." />
      <CardContent>
        {canUpdate ? (
          <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit} noValidate aria-label="Billing email">
            <Input
              label="Billing email"
              name="billing_email"
              type="email"
              value={email}
              placeholder={UNKNOWN}
              description="Leave empty for none."
              containerClassName="flex-1"
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched(true)}
              error={touched ? error : undefined}
            />
            <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!changed} className="sm:mt-[1.625rem]">
              Save
            </Button>
          </form>
        ) : (
          <p className="text-sm" aria-label="Billing email">
            {org.billing_email || UNKNOWN}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
