import Head from 'next/head'
import Link from 'next/link'
import { buttonClasses } from '@/components/ui'
import { PRODUCT_NAME } from '@/lib/constants'

export default function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <Head>
        <title>{`Page not found | ${PRODUCT_NAME}`}</title>
      </Head>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-foreground-light">The page you are looking for does not exist or was moved.</p>
      <Link href="/" className={buttonClasses({ type: 'primary' })}>
        Back to dashboard
      </Link>
    </div>
  )
}
