import { useRouter } from 'next/router'
import { Activity, Cookie, FlaskConical, LogOut, UserCog } from 'lucide-react'
import { ThemeSwitcher, TruncatedText } from '@/components/ui'
import { useAuth } from '@/components/auth/AuthProvider'
import { appState } from '@/state/app'
import { openPrivacySettings } from '@/state/consent'
import { Menu, MenuField, MenuItem, MenuLink, MenuSeparator, MenuText } from './Menu'
import { userInitials } from './user-initials'

/**
 * The signed-in user's menu, behind an avatar with their initials: who is signed in, the account
 * pages, the theme, feature previews, and signing out (not when self-hosted: there is no sign-in).
 */
export function UserMenu({ email, username, canSignOut }: { email: string; username?: string; canSignOut: boolean }) {
  const router = useRouter()
  const { signOut } = useAuth()
  return (
    <Menu
      label="Account"
      buttonClassName="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand/15 text-xs font-semibold text-brand-strong hover:bg-brand/25"
      buttonContent={
        <>
          <span aria-hidden>{userInitials({ username, email })}</span>
          <span className="sr-only">
            Account menu, signed in as <span data-testid="profile-email">{email}</span>
          </span>
        </>
      }
      menuClassName="w-64"
    >
      <MenuText>
        Signed in as
        <TruncatedText text={email} className="text-sm text-foreground" />
      </MenuText>
      <MenuSeparator />
      <MenuLink href="/account/security" icon={<UserCog size={14} aria-hidden />}>
        Account
      </MenuLink>
      <MenuLink href="/account/telemetry" icon={<Activity size={14} aria-hidden />}>
        Your telemetry data
      </MenuLink>
      <MenuSeparator />
      <MenuField label="Theme">
        <ThemeSwitcher label="Theme" size="tiny" />
      </MenuField>
      <MenuItem
        icon={<FlaskConical size={14} aria-hidden />}
        onSelect={() => {
          appState.showFeaturePreviewModal = true
        }}
      >
        Feature previews
      </MenuItem>
      <MenuItem icon={<Cookie size={14} aria-hidden />} onSelect={() => openPrivacySettings()}>
        Privacy settings
      </MenuItem>
      {canSignOut && (
        <>
          <MenuSeparator />
          <MenuItem
            icon={<LogOut size={14} aria-hidden />}
            onSelect={async () => {
              await signOut()
              await router.push('/sign-in')
            }}
          >
            Sign out
          </MenuItem>
        </>
      )}
    </Menu>
  )
}
