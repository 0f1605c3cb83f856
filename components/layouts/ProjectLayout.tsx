import type { ReactNode } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/router'
import clsx from 'clsx'
import { BookOpen, Home, Terminal } from 'lucide-react'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { AppLayout } from './AppLayout'
import { ProjectStatusScreen } from './ProjectStatusScreen'
import { FullPageLoader } from './RuntimeConfigGate'
import { Alert, Button } from '@/components/ui'
import { isResponseError } from '@/data/fetchers'
import { RestrictionBanner } from '@/components/interfaces/Organizations/RestrictionBanner'
import { useSnapshot } from 'valtio'
import { AiAssistantPanel } from '@/components/interfaces/AiAssistant/AiAssistantPanel'
import { AiAssistantToggle } from '@/components/interfaces/AiAssistant/AiAssistantToggle'
import { useAiAssistantPersistence } from '@/components/interfaces/AiAssistant/useAiAssistantPersistence'
import { aiAssistantState } from '@/state/ai-assistant'
import { EditorPanel } from '@/components/interfaces/EditorPanel/EditorPanel'
import { EditorPanelToggle } from '@/components/interfaces/EditorPanel/EditorPanelToggle'
import { editorPanelState } from '@/state/editor-panel'

const NAV = [
  { label: 'Project overview', href: (ref: string) => `/project/${ref}`, icon: Home, match: /^\/project\/\[ref\]$/ },
  // /sql opens the last visited snippet, else a new one.
  { label: 'SQL Editor', href: (ref: string) => `/project/${ref}/sql`, icon: Terminal, match: /^\/project\/\[ref\]\/sql(\/\[id\])?$/ },
  { label: 'Snippet library', href: (ref: string) => `/project/${ref}/sql/templates`, icon: BookOpen, match: /^\/project\/\[ref\]\/sql\/(templates|quickstarts)$/ },
]

/** A project's pages: side navigation, and the page itself only once the database is up. */
export function ProjectLayout({ children }: { children: ReactNode }) {
  return (
    <AppLayout>
      <ProjectBody>{children}</ProjectBody>
    </AppLayout>
  )
}

function useRef_(): string | undefined {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? query.ref : undefined
}

function ProjectBody({ children }: { children: ReactNode }) {
  const router = useRouter()
  const ref = useRef_()
  const { data: project, error, refetch, isFetching } = useProjectDetailQuery({ ref })
  useAiAssistantPersistence()
  const assistant = useSnapshot(aiAssistantState)
  const editorPanel = useSnapshot(editorPanelState)
  if (!project && error) {
    // A 404 is the existence guard's to answer (toast and redirect); anything else is said here.
    if (isResponseError(error) && error.code === 404) return null
    return (
      <div className="mx-auto mt-16 w-full max-w-lg px-4">
        <Alert
          variant="danger"
          title="Could not load the project"
          actions={
            <Button size="tiny" loading={isFetching} onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {error.message}
        </Alert>
      </div>
    )
  }
  if (!project || !ref) return <FullPageLoader />
  return (
    <div className="flex min-h-0 flex-1">
      <nav aria-label="Project" className="hidden w-52 shrink-0 flex-col gap-1 border-r border-border bg-surface p-2 md:flex">
        <ProjectNavLinks projectRef={ref} pathname={router.pathname} />
      </nav>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <div className="flex h-10 shrink-0 items-center justify-between gap-2 border-b border-border px-3">
          {/* Below md the side navigation is hidden: the sections move up here, as icons. */}
          <nav aria-label="Project sections" className="flex items-center gap-1 md:hidden">
            <ProjectNavLinks projectRef={ref} pathname={router.pathname} iconsOnly />
          </nav>
          <span className="hidden md:block" />
          <div className="flex items-center gap-1">
            <EditorPanelToggle />
            <AiAssistantToggle />
          </div>
        </div>
        <RestrictionBanner slug={project.organization_slug} className="rounded-none border-x-0 border-t-0" />
        {project.status === 'ACTIVE_HEALTHY' || router.pathname === '/project/[ref]' ? children : <ProjectStatusScreen project={project} />}
      </div>
      {assistant.open && <AiAssistantPanel projectRef={ref} />}
      {editorPanel.open && <EditorPanel projectRef={ref} />}
    </div>
  )
}

/** The project's sections: with labels in the side navigation, as icons in the header on a phone. */
function ProjectNavLinks({ projectRef, pathname, iconsOnly = false }: { projectRef: string; pathname: string; iconsOnly?: boolean }) {
  return NAV.map((item) => {
    const active = item.match.test(pathname)
    return (
      <Link
        key={item.label}
        href={item.href(projectRef)}
        aria-label={iconsOnly ? item.label : undefined}
        title={iconsOnly ? item.label : undefined}
        aria-current={active ? 'page' : undefined}
        className={clsx(
          'flex items-center gap-2 rounded-md text-sm',
          iconsOnly ? 'p-1.5' : 'px-2 py-1.5',
          active ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:bg-surface-raised hover:text-foreground'
        )}
      >
        <item.icon size={16} aria-hidden />
        {!iconsOnly && item.label}
      </Link>
    )
  })
}
