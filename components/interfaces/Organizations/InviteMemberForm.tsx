import { useState, type FormEvent } from 'react'
import { Alert, Button, Card, CardContent, CardHeader, Input, Select } from '@/components/ui'
import { CopyButton } from '@/components/ui/CopyButton'
import { useInvitationCreateMutation } from '@/data/organizations/invitation-create-mutation'
import { useCan } from '@/data/profile/use-can'
import { MAX_EMAIL_LENGTH } from '@/lib/api-types/organizations'
import type { Invitation, Organization, OrganizationRole } from '@/lib/api-types'
import { invitationLink, roleOptions } from './roles.utils'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function emailError(value: string): string | undefined {
  const email = value.trim()
  if (!email) return 'Email is required'
  if (email.length > MAX_EMAIL_LENGTH) return `Email must be ${MAX_EMAIL_LENGTH} characters or fewer`
  if (!EMAIL.test(email)) return 'Enter a valid email address'
  return undefined
}

/**
 * Invite someone by email with a role. Read-only is offered on Team and Enterprise only, Owner to
 * Owners only. The new invitation's link is shown at once, ready to copy.
 */
export function InviteMemberForm({ org, origin }: { org: Organization; origin: string }) {
  const canInvite = useCan('members:invite', org)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<OrganizationRole>('Developer')
  const [touched, setTouched] = useState(false)
  const [sent, setSent] = useState<Invitation | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const create = useInvitationCreateMutation({
    onSuccess: (invitation) => {
      setSent(invitation)
      setEmail('')
      setTouched(false)
    },
    onError: (error) => setServerError(error.message),
  })
  if (!canInvite) return null

  const error = touched ? emailError(email) : undefined
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    setServerError(null)
    if (emailError(email)) return
    setSent(null)
    create.mutate({ slug: org.slug, email: email.trim(), role })
  }

  return (
    <Card>
      <CardHeader title="Invite a member" description="They join once they open the link signed in with this email address." />
      <CardContent className="flex flex-col gap-4">
        <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit} noValidate aria-label="Invite a member">
          <Input
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            containerClassName="flex-1"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => email && setTouched(true)}
            error={error}
          />
          <Select
            label="Role"
            name="role"
            containerClassName="sm:w-40"
            value={role}
            onChange={(e) => setRole(e.target.value as OrganizationRole)}
            options={roleOptions({ plan: org.plan.id, callerRole: org.role })}
          />
          <Button type="primary" htmlType="submit" loading={create.isPending} className="sm:mt-6">
            Send invitation
          </Button>
        </form>
        {serverError && (
          <Alert variant="danger" title="The invitation was not sent">
            {serverError}
          </Alert>
        )}
        {sent && (
          <Alert
            title={`Invitation for ${sent.email} (${sent.role})`}
            actions={<CopyButton size="tiny" text={invitationLink(sent.token, origin)} label="Copy invitation link">Copy link</CopyButton>}
          >
            <span className="break-all">Share this link with them: {invitationLink(sent.token, origin)}</span>
          </Alert>
        )}
        {!['team', 'enterprise'].includes(org.plan.id) && (
          <p className="text-xs text-foreground-lighter">The Read-only role is available on the Team and Enterprise plans.</p>
        )}
      </CardContent>
    </Card>
  )
}
