import Link from 'next/link'
import type { ReactNode } from 'react'
import { BookOpen } from 'lucide-react'
import { PRODUCT_NAME } from '@/lib/constants'
import { Breadcrumbs } from './Breadcrumbs'
import { MobileMenuButton } from './MobileMenu'
import type { Breadcrumb } from './navigation'
import { ProductMark } from './ProductMark'

/**
 * The bar on top of every page of the app: the menu button (below md), the product mark, the
 * breadcrumbs, Docs, and at the end what the layout puts there (the command menu button and the
 * user menu, or a Sign in link).
 */
export function AppHeader({ breadcrumbs, end }: { breadcrumbs: Breadcrumb[]; end?: ReactNode }) {
  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-border bg-surface px-3 sm:gap-3 sm:px-4">
      <MobileMenuButton />
      <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold text-foreground" aria-label={`${PRODUCT_NAME} home`}>
        <ProductMark />
        <span className="hidden lg:inline">{PRODUCT_NAME}</span>
      </Link>
      <Breadcrumbs crumbs={breadcrumbs} />
      <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
        <Link href="/docs/quick-start" aria-label="Docs" className="flex items-center text-sm text-foreground-light hover:text-foreground">
          <BookOpen size={16} className="sm:hidden" aria-hidden />
          <span className="hidden sm:inline">Docs</span>
        </Link>
        {end}
      </div>
    </header>
  )
}
