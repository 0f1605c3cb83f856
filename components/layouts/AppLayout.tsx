import { useEffect, type ReactNode } from 'react'
import { useRouter } from 'next/router'
import { toast } from 'sonner'
import { useAuth } from '@/components/auth/AuthProvider'
import { useProfileBootstrap } from '@/components/auth/useProfileBootstrap'
import { DashboardBanners } from '@/components/interfaces/Banners/DashboardBanners'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { usePermissionsQuery } from '@/data/profile/permissions-query'
import { existenceError } from '@/lib/existence-guard'
import { Alert } from '@/components/ui'
import { landingPath } from '@/lib/landing'
import { AppShell } from './AppShell'
import { CommandMenuButton } from './CommandMenuButton'
import type { Breadcrumb, NavSection } from './navigation'
import { FullPageLoader, useIsPlatform } from './RuntimeConfigGate'
import { ShellFeatures } from './ShellFeatures'
import { UserMenu } from './UserMenu'

export type { Breadcrumb } from './navigation'

/**
 * The signed-in shell: sends visitors without a session to /sign-in (keeping where they were
 * going), loads the profile (creating it on first visit), guards organization and project
 * routes, and frames the page: header with breadcrumbs and the user menu, the dashboard's banners
 * for the page's organization, and the side navigation a project or organization layout gives.
 *
 * Breadcrumbs for the route's organization and project come from the lists it already holds;
 * pages add their own after those.
 */
export function AppLayout({ children, breadcrumbs, navigation }: { children: ReactNode; breadcrumbs?: Breadcrumb[]; navigation?: NavSection }) {
  const router = useRouter()
  const isPlatform = useIsPlatform()
  const { session: rawSession, mfaRequired, isLoading: authLoading } = useAuth()
  // A session that still owes its second factor finishes signing in on /sign-in first.
  const session = mfaRequired ? null : rawSession
  const signedIn = !isPlatform || !!session

  useEffect(() => {
    if (!isPlatform || authLoading || session) return
    const returnTo = router.asPath
    void router.replace({ pathname: '/sign-in', query: returnTo && returnTo !== '/' ? { returnTo } : {} })
  }, [isPlatform, authLoading, session, router])

  const { profile, isLoading: profileLoading, createFailed, error } = useProfileBootstrap({ enabled: signedIn && !authLoading })
  const ready = signedIn && !!profile
  const organizations = useOrganizationsQuery({ enabled: ready })
  const projects = useProjectsQuery({ enabled: ready })
  usePermissionsQuery({ enabled: ready && isPlatform })

  const slug = typeof router.query.slug === 'string' ? router.query.slug : undefined
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  const guardError = existenceError({
    pathname: router.pathname,
    slug,
    ref,
    organizations: organizations.data,
    projects: projects.data,
  })

  useEffect(() => {
    if (!guardError) return
    toast.error(guardError)
    void router.replace(landingPath(isPlatform))
  }, [guardError, router, isPlatform])

  if (authLoading || !signedIn) return <FullPageLoader />
  if (createFailed)
    return (
      <CenteredAlert title="Your profile could not be created">Failed to create your profile. Please refresh to try again.</CenteredAlert>
    )
  if (error) return <CenteredAlert title="Your profile could not be loaded">{error.message}. Please refresh to try again.</CenteredAlert>
  if (profileLoading || !profile || guardError) return <FullPageLoader />

  const routeOrg = organizations.data?.find((o) => o.slug === slug)
  const routeProject = projects.data?.find((p) => p.ref === ref)
  const projectOrg = routeProject && organizations.data?.find((o) => o.id === routeProject.organization_id)
  const crumbs: Breadcrumb[] = [
    ...(routeOrg ? [{ label: routeOrg.name, href: `/org/${routeOrg.slug}` }] : []),
    ...(projectOrg ? [{ label: projectOrg.name, href: `/org/${projectOrg.slug}` }] : []),
    ...(routeProject ? [{ label: routeProject.name, href: `/project/${routeProject.ref}` }] : []),
    ...(breadcrumbs ?? []),
  ]

  return (
    <>
      <AppShell
        breadcrumbs={crumbs}
        navigation={navigation}
        isPlatform={isPlatform}
        banners={<DashboardBanners organizationSlug={routeOrg?.slug ?? projectOrg?.slug} projectRef={routeProject?.ref} />}
        headerEnd={
          <>
            <CommandMenuButton />
            <UserMenu email={profile.primary_email} username={profile.username} canSignOut={isPlatform} />
          </>
        }
      >
        {children}
      </AppShell>
      <ShellFeatures />
    </>
  )
}

function CenteredAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto mt-24 max-w-md px-4">
      <Alert variant="danger" title={title}>
        {children}
      </Alert>
    </div>
  )
}
