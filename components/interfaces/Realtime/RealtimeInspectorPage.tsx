/**
 * Realtime → Inspector (/project/{ref}/realtime/inspector): join a channel as anon, a user of the
 * project or the service role; watch its broadcasts, presence and database changes live; pause the
 * stream; send a broadcast. Every member may (realtime:inspect); the service role needs the
 * service key's permission.
 */
import Link from 'next/link'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { buttonClasses } from '@/components/ui'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { InspectorBroadcastForm } from './InspectorBroadcastForm'
import { InspectorJoinForm } from './InspectorJoinForm'
import { InspectorMessages } from './InspectorMessages'
import { useInspectorChannel } from './useInspectorChannel'

export function RealtimeInspectorPage({ projectRef }: { projectRef: string }) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const canUseServiceRole = useCan('api:service-key:read', project && { id: project.organization_id })
  const inspector = useInspectorChannel(projectRef)
  const joined = inspector.status.state === 'joined'
  return (
    <FeaturePage
      title="Realtime inspector"
      description="Join a channel as an application would: watch its broadcasts, presence and database changes as they happen, and send a broadcast."
      actions={
        <Link href={`/project/${projectRef}/realtime/settings`} className={buttonClasses({ type: 'default' })}>
          Realtime settings
        </Link>
      }
    >
      <InspectorJoinForm projectRef={projectRef} status={inspector.status} canUseServiceRole={canUseServiceRole} onJoin={(join) => void inspector.join(join)} onLeave={inspector.leave} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <InspectorMessages log={inspector.log} joined={joined} onPause={inspector.pause} onResume={inspector.resume} onClear={inspector.clear} />
        <InspectorBroadcastForm joined={joined} onSend={inspector.send} />
      </div>
    </FeaturePage>
  )
}
