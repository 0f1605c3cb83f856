import { providerLabel } from '@/lib/auth/oauth-providers'

/** A provider's initial in a small square: no third-party logos are shipped. */
export function ProviderMark({ provider }: { provider: string }) {
  return (
    <span aria-hidden className="flex h-4 w-4 shrink-0 items-center justify-center rounded-sm bg-foreground text-[10px] leading-none font-semibold text-background">
      {providerLabel(provider).charAt(0)}
    </span>
  )
}
