import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, Input } from '@/components/ui'
import { useOrganizationUpdateMutation } from '@/data/organizations/organization-update-mutation'
import { useCan } from '@/data/profile/use-can'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { MAX_ORGANIZATION_NAME_LENGTH } from '@/lib/api-types/organizations'
import type { Organization } from '@/lib/api-types'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Name and billing email; read-only for roles that may not change them. */
export function OrganizationSettingsForm({ org }: { org: Organization }) {
  const canUpdate = useCan('organizations:update', org)
  const isPlatform = useIsPlatform()
  const readOnlyReason = isPlatform ? 'Only Owners and Admins can change these.' : 'In self-hosted mode the organization keeps its settings.'
  const [name, setName] = useState(org.name)
  // 'Unknown' is what the platform answers for "none": the field starts empty then.
  const [billingEmail, setBillingEmail] = useState(org.billing_email === 'Unknown' ? '' : org.billing_email)
  const [touched, setTouched] = useState(false)
  const update = useOrganizationUpdateMutation({ onSuccess: () => toast.success('Organization updated') })

  const trimmedName = name.trim()
  const trimmedEmail = billingEmail.trim()
  const nameError = !trimmedName
    ? 'Organization name is required'
    : trimmedName.length > MAX_ORGANIZATION_NAME_LENGTH
      ? `Organization name must be ${MAX_ORGANIZATION_NAME_LENGTH} characters or fewer`
      : undefined
  const emailError = trimmedEmail && !EMAIL.test(trimmedEmail) ? 'Billing email must be a valid email address' : undefined
  const savedEmail = org.billing_email === 'Unknown' ? '' : org.billing_email
  const changed = trimmedName !== org.name || trimmedEmail !== savedEmail

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (nameError || emailError || !changed) return
    update.mutate({
      slug: org.slug,
      ...(trimmedName !== org.name ? { name: trimmedName } : {}),
      ...(trimmedEmail !== savedEmail ? { billing_email: trimmedEmail || null } : {}),
    })
  }

  return (
    <Card>
      <CardHeader title="General settings" description={canUpdate ? undefined : readOnlyReason} />
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Input
            label="Organization name"
            name="name"
            value={name}
            disabled={!canUpdate}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched ? nameError : undefined}
          />
          <Input
            label="Billing email"
            name="billing_email"
            type="email"
            value={billingEmail}
            placeholder="Unknown"
            description="Invoices and billing notices go here. Leave empty for none."
            disabled={!canUpdate}
            onChange={(e) => setBillingEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched ? emailError : undefined}
          />
          <dl className="grid grid-cols-[7rem_1fr] gap-y-1 text-sm">
            <dt className="text-foreground-light">Slug</dt>
            <dd className="truncate font-mono">{org.slug}</dd>
            <dt className="text-foreground-light">Plan</dt>
            <dd>{org.plan.name}</dd>
          </dl>
          {canUpdate && (
            <div className="flex justify-end">
              <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!changed}>
                Save changes
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  )
}
