import Link from 'next/link'
import { TruncatedText } from '@/components/ui'
import type { Project } from '@/lib/api-types'
import { PROVIDERS } from '@/lib/api-types/regions'
import { ProjectStatusBadge } from './ProjectStatusBadge'

export function ProjectCard({ project }: { project: Project }) {
  const region = PROVIDERS[project.cloud_provider]?.regions.find((r) => r.code === project.region)
  return (
    <Link
      href={`/project/${project.ref}`}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-surface p-4 transition-colors hover:border-foreground-lighter"
      data-testid="project-card"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium">
          <TruncatedText text={project.name} />
        </h3>
        <ProjectStatusBadge status={project.status} />
      </div>
      <p className="truncate text-xs text-foreground-light">
        {PROVIDERS[project.cloud_provider]?.label ?? project.cloud_provider} · {region?.displayName ?? project.region}
      </p>
      <TruncatedText text={project.ref} className="font-mono text-xs text-foreground-lighter" />
    </Link>
  )
}
