import Link from 'next/link'
import { useRouter } from 'next/router'
import type { ReactNode } from 'react'
import { buttonClasses } from '@/components/ui'
import { useAuth } from '@/components/auth/AuthProvider'
import { useProfileQuery } from '@/data/profile/profile-query'
import { safeReturnTo } from '@/lib/return-to'
import { AppShell } from './AppShell'
import { CommandMenuButton } from './CommandMenuButton'
import type { Breadcrumb, NavSection } from './navigation'
import { useIsPlatform } from './RuntimeConfigGate'
import { ShellFeatures } from './ShellFeatures'
import { UserMenu } from './UserMenu'

/**
 * The app's frame for pages anyone may read (docs, the support form): the same header, but no
 * redirect to /sign-in. A signed-in user sees the user menu and the command menu as everywhere;
 * a visitor sees a Sign in link that brings them back here.
 */
export function PublicLayout({ children, breadcrumbs = [], navigation }: { children: ReactNode; breadcrumbs?: Breadcrumb[]; navigation?: NavSection }) {
  const isPlatform = useIsPlatform()
  const { session, mfaRequired, isLoading: authLoading } = useAuth()
  // Self-hosted, whoever reaches the dashboard is its one local user.
  const signedIn = !isPlatform || (!!session && !mfaRequired)
  const profile = useProfileQuery({ enabled: signedIn && !authLoading })
  const email = profile.data?.primary_email ?? session?.user.email ?? ''

  // Nothing at the header's end until it is known who is there: no Sign in link flashing for a
  // signed-in user, no avatar changing its letters when the profile arrives.
  let headerEnd: ReactNode = null
  if (!authLoading && !signedIn) headerEnd = <SignInLink />
  else if (!authLoading && !profile.isLoading)
    headerEnd = (
      <>
        <CommandMenuButton />
        <UserMenu email={email} username={profile.data?.username} canSignOut={isPlatform} />
      </>
    )

  return (
    <>
      <AppShell breadcrumbs={breadcrumbs} navigation={navigation} isPlatform={isPlatform} headerEnd={headerEnd}>
        {children}
      </AppShell>
      {signedIn && <ShellFeatures />}
    </>
  )
}

function SignInLink() {
  const { asPath } = useRouter()
  // Back here after signing in, when the path is one the return-to rule accepts (SPEC §2).
  const returnTo = safeReturnTo(asPath.split('#')[0], '')
  return (
    <Link href={{ pathname: '/sign-in', query: returnTo ? { returnTo } : {} }} className={buttonClasses({ type: 'primary', size: 'tiny' })}>
      Sign in
    </Link>
  )
}
