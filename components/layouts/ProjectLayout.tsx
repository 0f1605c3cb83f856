import type { ReactNode } from 'react'
import { useRouter } from 'next/router'
import { useSnapshot } from 'valtio'
import { FileCode2 } from 'lucide-react'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { isResponseError } from '@/data/fetchers'
import { Button } from '@/components/ui'
import { lazyPart } from '@/components/ui/lazy-part'
import { AiAssistantToggle } from '@/components/interfaces/AiAssistant/AiAssistantToggle'
import { useAiAssistantPersistence } from '@/components/interfaces/AiAssistant/useAiAssistantPersistence'
import { EditorPanelToggle } from '@/components/interfaces/EditorPanel/EditorPanelToggle'
import { ProjectApiDocsPanel } from '@/components/interfaces/ProjectAPIDocs/ProjectApiDocsPanel'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import { aiAssistantState } from '@/state/ai-assistant'
import { appState } from '@/state/app'
import { editorPanelState } from '@/state/editor-panel'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'
import { AppLayout } from './AppLayout'
import { ProjectStatusScreen } from './ProjectStatusScreen'
import { QueryErrorAlert } from './QueryErrorAlert'
import { FullPageLoader, useIsPlatform } from './RuntimeConfigGate'
import { projectNavigation } from './section-navigation'

/** Panels opened on demand: their code (the assistant, the SQL editor) is downloaded when first opened. */
export const aiAssistantPanel = lazyPart(() => import('@/components/interfaces/AiAssistant/AiAssistantPanel'))
export const editorPanelPart = lazyPart(() => import('@/components/interfaces/EditorPanel/EditorPanel'))

function useRouteRef(): string | undefined {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? query.ref : undefined
}

/**
 * A project's pages: its navigation (side bar, or the mobile menu), a toolbar for the panels, and
 * the page itself only once the database is up. The API docs panel is always mounted: it shows
 * itself when the store says so.
 */
export function ProjectLayout({ children }: { children: ReactNode }) {
  const { pathname } = useRouter()
  const ref = useRouteRef()
  const columnPrivileges = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES)
  // Read from the cache the shell fills: never fetched from here, before the shell knows who is signed in.
  const { data: projects } = useProjectsQuery({ enabled: false })
  const name = projects?.find((p) => p.ref === ref)?.name
  const compute = useIsPlatform()
  return (
    <AppLayout navigation={ref ? projectNavigation({ ref, pathname, name, columnPrivileges, compute }) : undefined}>
      <ProjectBody>{children}</ProjectBody>
      {ref && <ProjectApiDocsPanel projectRef={ref} />}
    </AppLayout>
  )
}

function ProjectBody({ children }: { children: ReactNode }) {
  const router = useRouter()
  const ref = useRouteRef()
  const { data: project, error, refetch, isFetching } = useProjectDetailQuery({ ref })
  useAiAssistantPersistence()
  const assistant = useSnapshot(aiAssistantState)
  const editorPanel = useSnapshot(editorPanelState)
  const assistantPart = aiAssistantPanel.useModule(assistant.open)
  const editorPart = editorPanelPart.useModule(editorPanel.open)
  if (!project && error) {
    // A 404 is the existence guard's to answer (toast and redirect); anything else is said here.
    if (isResponseError(error) && error.code === 404) return null
    return (
      <div className="mx-auto mt-16 w-full max-w-lg px-4">
        <QueryErrorAlert title="Could not load the project" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    )
  }
  if (!project || !ref) return <FullPageLoader />
  return (
    <div className="flex min-h-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <ProjectToolbar />
        {project.status === 'ACTIVE_HEALTHY' || router.pathname === '/project/[ref]' ? children : <ProjectStatusScreen project={project} />}
      </div>
      {assistantPart && <assistantPart.AiAssistantPanel projectRef={ref} />}
      {editorPart && <editorPart.EditorPanel projectRef={ref} />}
    </div>
  )
}

/** The panels a project page can open beside it; the API docs and the SQL panel only while their preview is on. */
function ProjectToolbar() {
  const apiSidePanel = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.API_SIDE_PANEL)
  const inlineEditor = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.INLINE_EDITOR)
  const { showProjectApiDocs } = useSnapshot(appState)
  return (
    <div className="flex h-10 shrink-0 items-center justify-end gap-1 overflow-x-auto border-b border-border px-3">
      {apiSidePanel && (
        <Button
          size="tiny"
          type={showProjectApiDocs ? 'default' : 'text'}
          icon={<FileCode2 size={14} aria-hidden />}
          aria-haspopup="dialog"
          aria-expanded={showProjectApiDocs}
          onClick={() => {
            appState.showProjectApiDocs = true
          }}
        >
          API
        </Button>
      )}
      {inlineEditor && <EditorPanelToggle />}
      <AiAssistantToggle />
    </div>
  )
}
