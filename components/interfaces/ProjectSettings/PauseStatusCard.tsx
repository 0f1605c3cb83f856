import { Card, CardContent, CardHeader } from '@/components/ui'
import { usePauseStatusQuery } from '@/data/projects/service-versions-query'
import type { ProjectDetail } from '@/lib/api-types'
import { formatMoment } from './general-settings.utils'

/**
 * Free projects are paused after a time without activity (SPEC §4): when the last activity was
 * and the earliest the pause may come. Nothing on a paid plan.
 */
export function PauseStatusCard({ project }: { project: ProjectDetail }) {
  const status = usePauseStatusQuery({ ref: project.ref })
  if (!status.data?.applies) return null
  const { last_activity_at: last, pause_at: pauseAt } = status.data
  return (
    <Card data-testid="pause-status">
      <CardHeader
        title="Pause status"
        description="Projects on the Free plan are paused after a week without activity. Running SQL or calling the project's API counts as activity; a paused project is restored from its home page."
      />
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <div className="flex flex-col">
            <dt className="text-xs text-foreground-light">Last activity</dt>
            <dd className="text-sm text-foreground">{last ? formatMoment(last) : 'None yet'}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-xs text-foreground-light">Paused for inactivity from</dt>
            <dd className="text-sm text-foreground">{pauseAt ? formatMoment(pauseAt) : '—'}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  )
}
