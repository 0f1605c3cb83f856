import Link from 'next/link'
import { useRouter } from 'next/router'
import { useState, type ReactNode } from 'react'
import { MailCheck } from 'lucide-react'
import { useAuth } from '@/components/auth/AuthProvider'
import { Alert, Badge, Button, buttonClasses, Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { useInvitationQuery } from '@/data/organizations/invitation-query'
import { useInvitationAcceptMutation } from '@/data/organizations/invitation-accept-mutation'
import { useInvitationDeclineMutation } from '@/data/organizations/invitation-decline-mutation'
import { useProfileQuery } from '@/data/profile/profile-query'

/** The shape of a token a link can carry; anything else is a broken link, not worth a request. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-lg px-4 py-10 sm:px-6">{children}</div>
}

const BackToProjects = () => (
  <Link href="/projects" className={buttonClasses({ type: 'default', size: 'tiny' })}>
    Go to your projects
  </Link>
)

/**
 * The /join page's body: the invitation behind the link (organization, role), Accept or Decline.
 * The shell has already made sure someone is signed in; when it is the wrong account, they can
 * switch to the invited one and come back here.
 */
export function JoinInvitation({ token }: { token: string | undefined }) {
  const router = useRouter()
  const { signOut } = useAuth()
  const profile = useProfileQuery()
  const valid = !!token && TOKEN.test(token)
  const invitation = useInvitationQuery({ token: valid ? token : undefined })
  const [declined, setDeclined] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const accept = useInvitationAcceptMutation({
    onSuccess: (org) => router.push(`/org/${org.slug}`),
    onError: (error) => setFailure(error.message),
  })
  const decline = useInvitationDeclineMutation({
    onSuccess: () => setDeclined(true),
    onError: (error) => setFailure(error.message),
  })

  if (!valid)
    return (
      <Frame>
        <Alert variant="danger" title="This invitation link is not complete" actions={<BackToProjects />}>
          Open the link exactly as you received it, or ask for a new invitation.
        </Alert>
      </Frame>
    )

  if (declined)
    return (
      <Frame>
        <Alert title="Invitation declined" actions={<BackToProjects />}>
          You did not join {invitation.data?.organization_name ?? 'the organization'}.
        </Alert>
      </Frame>
    )

  if (invitation.error) {
    const wrongAccount = invitation.error.code === 403
    const switchAccount = async () => {
      await signOut()
      await router.replace({ pathname: '/sign-in', query: { returnTo: `/join?token=${token}` } })
    }
    return (
      <Frame>
        <Alert
          variant="danger"
          title={wrongAccount ? 'This invitation is for someone else' : 'This invitation cannot be used'}
          actions={
            wrongAccount ? (
              <Button size="tiny" onClick={switchAccount}>
                Sign in with another account
              </Button>
            ) : (
              <BackToProjects />
            )
          }
        >
          {invitation.error.message}
          {wrongAccount && profile.data && ` You are signed in as ${profile.data.primary_email}.`}
        </Alert>
      </Frame>
    )
  }

  if (!invitation.data)
    return (
      <Frame>
        <div aria-busy="true" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-28" />
        </div>
      </Frame>
    )

  const { organization_name, organization_slug, role, invited_by, email } = invitation.data
  const busy = accept.isPending || decline.isPending
  return (
    <Frame>
      <Card>
        <CardHeader title={`Join ${organization_name}`} />
        <CardContent className="flex flex-col gap-4">
          <div className="flex items-start gap-3">
            <MailCheck size={20} className="mt-0.5 shrink-0 text-foreground-lighter" aria-hidden />
            <p className="text-sm text-foreground-light">
              {invited_by ? `${invited_by} invited you` : 'You are invited'} ({email}) to join <strong className="text-foreground">{organization_name}</strong> as{' '}
              <Badge variant="brand">{role}</Badge>
            </p>
          </div>
          {failure && (
            <Alert variant="danger" title="That did not work">
              {failure}
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button disabled={busy} loading={decline.isPending} onClick={() => {
                setFailure(null)
                decline.mutate({ slug: organization_slug, token })
              }}>
              Decline
            </Button>
            <Button type="primary" disabled={busy} loading={accept.isPending} onClick={() => {
                setFailure(null)
                accept.mutate({ slug: organization_slug, token })
              }}>
              Accept invitation
            </Button>
          </div>
        </CardContent>
      </Card>
    </Frame>
  )
}
