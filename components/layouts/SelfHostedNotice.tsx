import Link from 'next/link'
import { Alert, buttonClasses } from '@/components/ui'

/** Where the platform would create more: self-hosted mode has one organization and one project. */
export function SelfHostedNotice() {
  return (
    <div className="mx-auto mt-16 max-w-md px-4">
      <Alert
        variant="info"
        title="Not available when self-hosted"
        actions={
          <Link href="/project/default" className={buttonClasses({ size: 'tiny' })}>
            Open your project
          </Link>
        }
      >
        A self-hosted dashboard has one organization and one project. Creating more is available on the platform.
      </Alert>
    </div>
  )
}
