import Link from 'next/link'
import { DatabaseZap } from 'lucide-react'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { Banner, bannerLinkClasses } from './Banner'

/** Read-only mode follows the usage samples (one a minute by default): the banner follows the project. */
const STATUS_REFRESH_MS = 60_000

/**
 * The read-only mode banner: the page's project has a database past its plan's size per project,
 * so its writes are refused until data is deleted or the plan upgraded (server/projects/read-only-mode.ts).
 */
export function ReadOnlyBanner({ projectRef }: { projectRef: string | undefined }) {
  const project = useProjectDetailQuery({ ref: projectRef }, { refetchInterval: STATUS_REFRESH_MS })
  if (!project.data?.read_only) return null
  const { ref, organization_slug: slug, read_only_note: note } = project.data
  return (
    <Banner
      tone="danger"
      icon={DatabaseZap}
      data-testid="read-only-banner"
      actions={
        <>
          <Link href={`/project/${ref}/settings/general`} className={bannerLinkClasses}>
            What to do
          </Link>
          <Link href={`/org/${slug}/billing`} className={`${bannerLinkClasses} hidden sm:inline`}>
            Upgrade
          </Link>
        </>
      }
    >
      {project.data.read_only_writable_until
        ? `Writes are allowed for a while so that data can be deleted. ${note ?? 'Its database is larger than its plan includes.'}`
        : `This project is read-only. ${note ?? 'Its database is larger than its plan includes.'} Delete data (allow writes for 15 minutes first) or upgrade the plan.`}
    </Banner>
  )
}
