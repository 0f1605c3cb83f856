/**
 * The command menu's sections, built from what the dashboard knows: its pages, the user's projects
 * and organizations, the current project's snippets, the feature previews and the themes. Lists
 * come from the queries the shell already holds (data/projects, data/organizations); the snippets
 * are asked for only while the menu is open. Empty sections are left out.
 */
import { useRouter } from 'next/router'
import { useTheme } from 'next-themes'
import { Check, Code, Eye, EyeOff, FlaskConical, FolderOpen, Building2, Monitor, Moon, Sun } from 'lucide-react'
import { toast } from 'sonner'
import { useSnapshot } from 'valtio'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { THEME_OPTIONS, type ThemeName } from '@/components/ui'
import { useContentListQuery } from '@/data/content/content-list-query'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { appState } from '@/state/app'
import { featurePreviewsState } from '@/state/feature-previews'
import { FEATURE_PREVIEWS } from '../FeaturePreviews/feature-previews'
import { toggleFeaturePreview } from '../FeaturePreviews/feature-preview-toggle'
import { commandSection, type Command, type CommandSection } from './command-section'
import { SNIPPETS_IN_MENU } from './CommandMenu.constants'
import { navigationTargets } from './navigation'

const THEME_ICONS: Record<ThemeName, typeof Sun> = { system: Monitor, light: Sun, dark: Moon, 'classic-dark': Moon }

const openFeaturePreviewsModal = () => {
  appState.showFeaturePreviewModal = true
}

const queryValue = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined)

export function useCommandSections({ open, close }: { open: boolean; close: () => void }): CommandSection[] {
  const router = useRouter()
  const isPlatform = useIsPlatform()
  const ref = queryValue(router.query.ref)
  const projects = useProjectsQuery({ enabled: open })
  const organizations = useOrganizationsQuery({ enabled: open })
  const snippets = useContentListQuery({ ref, limit: SNIPPETS_IN_MENU }, { enabled: open && ref !== undefined })
  const previews = useSnapshot(featurePreviewsState)
  const { theme, setTheme } = useTheme()

  const project = projects.data?.find((p) => p.ref === ref)
  const slug = queryValue(router.query.slug) ?? project?.organization_slug
  /** Every command leaves the menu: it did what it says. */
  const closing = (run: () => void) => () => {
    close()
    run()
  }
  const go = (path: string) => closing(() => void router.push(path))

  const navigation: Command[] = navigationTargets({ ref, slug, isPlatform }).map((target) => ({
    id: `nav:${target.path}`,
    name: target.name,
    icon: target.icon,
    keywords: target.keywords,
    run: go(target.path),
  }))

  const projectCommands: Command[] = (projects.data ?? []).map((p) => ({
    id: `project:${p.ref}`,
    name: p.name,
    icon: FolderOpen,
    hint: p.ref === ref ? 'current' : undefined,
    keywords: [p.ref, p.organization_slug, 'project'],
    run: go(`/project/${p.ref}`),
  }))

  const organizationCommands: Command[] = (organizations.data ?? []).map((o) => ({
    id: `org:${o.slug}`,
    name: o.name,
    icon: Building2,
    hint: o.slug === slug ? 'current' : undefined,
    keywords: [o.slug, 'organization'],
    run: go(`/org/${o.slug}`),
  }))

  const snippetCommands: Command[] = ref
    ? (snippets.data?.pages[0]?.data ?? []).map((s) => ({
        id: `snippet:${s.id}`,
        name: s.name,
        icon: Code,
        keywords: ['snippet', 'query', 'sql'],
        run: go(`/project/${ref}/sql/${s.id}`),
      }))
    : []

  const previewCommands: Command[] = [
    // The flag-gated ones are offered by the modal, which knows whether their flag is on.
    ...FEATURE_PREVIEWS.filter((preview) => !preview.flag).map((preview) => {
      const on = previews.enabled[preview.key] === true
      return {
        id: `preview:${preview.key}`,
        name: `${on ? 'Disable' : 'Enable'} preview: ${preview.name}`,
        icon: on ? EyeOff : Eye,
        hint: on ? 'on' : 'off',
        keywords: ['feature preview', 'beta'],
        run: closing(() => {
          toggleFeaturePreview(preview.key, !on)
          toast.success(`${preview.name} ${on ? 'disabled' : 'enabled'}`)
        }),
      }
    }),
    {
      id: 'preview:manage',
      name: 'Manage feature previews',
      icon: FlaskConical,
      keywords: ['feature preview', 'beta'],
      run: closing(openFeaturePreviewsModal),
    },
  ]

  const themeCommands: Command[] = THEME_OPTIONS.map((option) => ({
    id: `theme:${option.value}`,
    name: `Use ${option.label.toLowerCase()} theme`,
    icon: theme === option.value ? Check : THEME_ICONS[option.value],
    hint: theme === option.value ? 'current' : undefined,
    keywords: ['theme', 'appearance', option.value],
    run: closing(() => setTheme(option.value)),
  }))

  return [
    commandSection('Navigation', navigation),
    commandSection('Snippets', snippetCommands, { meta: { ref } }),
    commandSection('Projects', projectCommands),
    commandSection('Organizations', organizationCommands),
    commandSection('Feature previews', previewCommands),
    commandSection('Theme', themeCommands),
  ].filter((section) => section.commands.length > 0)
}
