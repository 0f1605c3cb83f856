import type { ReactNode } from 'react'
import type { DocsLanguage } from '@/state/app'
import { CodeSnippet } from './CodeSnippet'

/** One operation of a section: a heading, what it does, its snippet in the chosen language. */
export function OperationSnippet({ title, language, code, children }: { title: string; language: DocsLanguage; code: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2">
      <h4 className="text-sm font-medium text-foreground">{title}</h4>
      <p>{children}</p>
      <CodeSnippet code={code} label={`${title} (${language === 'bash' ? 'Bash' : 'JavaScript'})`} />
    </section>
  )
}
