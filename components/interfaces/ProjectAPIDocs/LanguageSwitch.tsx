import clsx from 'clsx'
import { useSnapshot } from 'valtio'
import { appState, type DocsLanguage } from '@/state/app'

const LANGUAGES: { value: DocsLanguage; label: string }[] = [
  { value: 'js', label: 'JavaScript' },
  { value: 'bash', label: 'Bash' },
]

/** The snippets' language (`appState.docsLanguage`, JavaScript by default), for the whole panel. */
export function LanguageSwitch() {
  const { docsLanguage } = useSnapshot(appState)
  return (
    <div role="group" aria-label="Snippet language" className="inline-flex rounded-md border border-border p-0.5">
      {LANGUAGES.map((language) => (
        <button
          key={language.value}
          type="button"
          aria-pressed={docsLanguage === language.value}
          onClick={() => (appState.docsLanguage = language.value)}
          className={clsx(
            'h-[26px] rounded px-2.5 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand',
            docsLanguage === language.value ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:text-foreground'
          )}
        >
          {language.label}
        </button>
      ))}
    </div>
  )
}
