import { Database } from 'lucide-react'
import clsx from 'clsx'
import { EmptyState } from '@/components/ui'
import { useCan } from '@/data/profile/use-can'
import type { Organization } from '@/lib/api-types'
import { NewProjectLink } from './NewProjectLink'

/** An organization without projects: the next step is to create one, or to ask someone who may. */
export function ProjectsEmptyState({ org, compact = false }: { org: Pick<Organization, 'id' | 'slug' | 'name' | 'plan'>; compact?: boolean }) {
  const canCreate = useCan('projects:create', org)
  return (
    <EmptyState
      className={clsx(compact && 'py-6')}
      icon={compact ? undefined : <Database size={24} />}
      title={`No projects in ${org.name} yet`}
      description={
        canCreate
          ? `Each project is its own Postgres database, on the organization's ${org.plan.name} plan.`
          : 'Ask an Owner or Admin of the organization to create one.'
      }
      action={<NewProjectLink org={org} size="small" />}
    />
  )
}
