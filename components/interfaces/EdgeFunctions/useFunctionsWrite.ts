import { rolesAllowed } from '@/components/interfaces/ApiSettings/api-settings.utils'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'

/** Whether the member may deploy, change and delete functions and set secrets, and why not. */
export function useFunctionsWrite(projectRef: string): { canWrite: boolean; reason: string | undefined } {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const canWrite = useCan('functions:write', project && { id: project.organization_id })
  return { canWrite, reason: canWrite ? undefined : `Only ${rolesAllowed('functions:write')} members can deploy, change or delete functions and set secrets.` }
}
