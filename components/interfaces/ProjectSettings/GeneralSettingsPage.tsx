/**
 * Project settings → General (/project/{ref}/settings/general): the project's name, its pause
 * status on the Free plan, read-only mode when its database is past the plan's size, restart,
 * pause and delete (the project home's controls, typed confirmation for delete), and the versions
 * of the services it runs. Every member reads it; what a role may change comes from the roles
 * policy (projects:update, projects:delete).
 */
import Link from 'next/link'
import { toast } from 'sonner'
import { Alert, Button, Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { ProjectLifecycleControls } from '@/components/interfaces/Projects/ProjectLifecycleControls'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useProjectAllowWritesMutation } from '@/data/projects/project-allow-writes-mutation'
import { READ_ONLY_WAY_OUT, writableUntil } from './general-settings.utils'
import { PauseStatusCard } from './PauseStatusCard'
import { ProjectNameCard } from './ProjectNameCard'
import { ServiceVersionsCard } from './ServiceVersionsCard'
import { UpgradeCard } from './UpgradeCard'

export function GeneralSettingsPage({ projectRef }: { projectRef: string }) {
  const project = useProjectDetailQuery({ ref: projectRef })
  const organization = project.data && { id: project.data.organization_id }
  const canUpdate = useCan('projects:update', organization)
  const canDelete = useCan('projects:delete', organization)
  // Self-hosted, the one project is the whole installation: no pause, restart or delete.
  const isPlatform = useIsPlatform()
  const allowWrites = useProjectAllowWritesMutation({ onSuccess: () => toast.success('Writes are allowed for 15 minutes: delete what you do not need') })

  return (
    <FeaturePage title="General settings" description="The project's name, its status and the software it runs.">
      {project.isPending ? (
        <div className="flex flex-col gap-4" aria-label="Loading the project's settings">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : project.isError ? (
        <QueryErrorAlert title="Could not load the project" error={project.error} onRetry={() => void project.refetch()} retrying={project.isFetching} />
      ) : (
        <div className="flex flex-col gap-6">
          {project.data.read_only && (
            <Alert
              variant="danger"
              title="This project is in read-only mode"
              data-testid="read-only-mode"
              actions={
                <div className="flex flex-wrap items-center gap-3">
                  {canUpdate && isPlatform && !project.data.read_only_writable_until && (
                    <Button size="tiny" type="default" loading={allowWrites.isPending} onClick={() => allowWrites.mutate({ ref: projectRef })}>
                      Allow writes for 15 minutes
                    </Button>
                  )}
                  <Link href={`/org/${project.data.organization_slug}/billing`} className="text-sm font-medium underline underline-offset-2">
                    Upgrade the plan
                  </Link>
                </div>
              }
            >
              {project.data.read_only_writable_until
                ? [project.data.read_only_note, writableUntil(project.data.read_only_writable_until)].filter(Boolean).join(' ')
                : [project.data.read_only_note, READ_ONLY_WAY_OUT].filter(Boolean).join(' ')}
            </Alert>
          )}
          <ProjectNameCard key={project.data.name} project={project.data} canUpdate={canUpdate} />
          <PauseStatusCard project={project.data} />
          {isPlatform && (canUpdate || canDelete) && (
            <Card>
              <CardHeader title="Project actions" description="Restart ends every connection; pausing closes the database until it is restored; deleting removes it for good." />
              <CardContent>
                <ProjectLifecycleControls project={project.data} />
              </CardContent>
            </Card>
          )}
          <ServiceVersionsCard projectRef={projectRef} />
          <UpgradeCard project={project.data} />
        </div>
      )}
    </FeaturePage>
  )
}
