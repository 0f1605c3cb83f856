import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui'
import { pageCount, rangeLabel } from './project-auth.utils'

/** Which users are shown of how many, and the way to the pages before and after. */
export function UsersPager({
  page,
  perPage,
  shown,
  total,
  loading,
  onPage,
}: {
  page: number
  perPage: number
  shown: number
  total: number
  loading: boolean
  onPage: (page: number) => void
}) {
  const pages = pageCount(total, perPage)
  return (
    <nav aria-label="Pages of users" className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-foreground-light" aria-live="polite">
        {rangeLabel(page, perPage, shown, total)}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-xs text-foreground-light">
          Page {page} of {pages}
        </span>
        <Button type="outline" size="tiny" icon={<ChevronLeft size={14} aria-hidden />} disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button type="outline" size="tiny" iconRight={<ChevronRight size={14} aria-hidden />} disabled={page >= pages || loading} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  )
}
