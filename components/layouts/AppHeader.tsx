import Link from 'next/link'
import { useRouter } from 'next/router'
import { BookOpen, LogOut, UserCog } from 'lucide-react'
import { Button, ThemeSwitcher } from '@/components/ui'
import { useAuth } from '@/components/auth/AuthProvider'
import { PRODUCT_NAME } from '@/lib/constants'
import type { Profile } from '@/lib/api-types'
import { useIsPlatform } from './RuntimeConfigGate'

export function AppHeader({ profile, breadcrumbs = [] }: { profile?: Profile; breadcrumbs?: { label: string; href?: string }[] }) {
  const router = useRouter()
  const { signOut } = useAuth()
  const isPlatform = useIsPlatform()
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-border bg-surface px-4">
      <Link href="/" className="flex items-center gap-2 font-semibold text-foreground" aria-label={`${PRODUCT_NAME} home`}>
        <span className="inline-block h-5 w-5 rounded bg-brand" aria-hidden />
        <span className="hidden sm:inline">{PRODUCT_NAME}</span>
      </Link>
      <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-2 text-sm text-foreground-light">
        {breadcrumbs.map((crumb, i) => (
          <span key={i} className="flex min-w-0 items-center gap-2">
            <span aria-hidden className="text-foreground-lighter">/</span>
            {crumb.href ? (
              <Link href={crumb.href} className="truncate hover:text-foreground">
                {crumb.label}
              </Link>
            ) : (
              <span className="truncate text-foreground">{crumb.label}</span>
            )}
          </span>
        ))}
      </nav>
      <div className="ml-auto flex items-center gap-2">
        <Link href="/docs/quick-start" aria-label="Docs" className="flex items-center text-sm text-foreground-light hover:text-foreground">
          <BookOpen size={16} className="sm:hidden" aria-hidden />
          <span className="hidden sm:inline">Docs</span>
        </Link>
        <ThemeSwitcher containerClassName="w-28 shrink-0" />
        {isPlatform && profile && (
          <>
            <Link href="/account/security" className="flex items-center gap-1 text-sm text-foreground-light hover:text-foreground" aria-label="Account security">
              <UserCog size={16} aria-hidden />
              <span className="hidden md:inline" data-testid="profile-email">
                {profile.primary_email}
              </span>
            </Link>
            <Button
              type="text"
              size="tiny"
              icon={<LogOut size={14} />}
              onClick={async () => {
                await signOut()
                await router.push('/sign-in')
              }}
            >
              Sign out
            </Button>
          </>
        )}
      </div>
    </header>
  )
}
