import clsx from 'clsx'

export interface SkeletonProps {
  /** Size and shape via classes, e.g. "h-4 w-32" or "h-10 w-10 rounded-full". */
  className?: string
}

/** A pulsing placeholder; decorative, so hidden from assistive tech (mark the region aria-busy instead). */
export function Skeleton({ className }: SkeletonProps) {
  return <div aria-hidden="true" className={clsx('animate-pulse rounded-md bg-surface-raised', className)} />
}
