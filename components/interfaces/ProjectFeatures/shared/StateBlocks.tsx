import { Skeleton } from '@/components/ui'

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="flex flex-col gap-3">
      <Skeleton className="h-9 w-full max-w-md" />
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </div>
  )
}

/** Said once on a page a Read-only member can see but not change. */
export function ReadOnlyNote({ what }: { what: string }) {
  return <p className="text-sm text-foreground-light">Your role can see {what} but not change them.</p>
}
