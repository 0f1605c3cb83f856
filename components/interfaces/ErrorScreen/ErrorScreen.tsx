import { Alert, Button, buttonClasses } from '@/components/ui'
import { IS_PRODUCTION } from '@/lib/client-config'
import { TriangleAlert } from 'lucide-react'
import { buildSupportLink, isRemoveChildError, PAGE_TRANSLATOR_DOCS_URL } from './support-link'

export const CLIENT_EXCEPTION_TEXT =
  'Application error: a client-side exception has occurred (see browser console for more information)'

export interface ErrorScreenProps {
  error: Error
  /** Clears the boundary's error and renders the app again ('Return to dashboard'). */
  onReset: () => void
  /** Production shows 'Reload dashboard' (full reload) instead of 'Return to dashboard'. */
  isProduction?: boolean
  /** Path name put in the support message; defaults to the current location. */
  pathname?: string
}

/** SPEC §2 global error screen. Plain links, no router: the app around it may be broken. */
export function ErrorScreen({ error, onReset, isProduction = IS_PRODUCTION, pathname }: ErrorScreenProps) {
  const path = pathname ?? (typeof window === 'undefined' ? '' : window.location.pathname)
  const supportLink = buildSupportLink({ pathname: path, error })
  const message = error.message || error.name || 'Unknown error'

  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4 py-12 text-foreground">
      <div className="flex w-full max-w-xl flex-col gap-5">
        <div className="flex items-start gap-3">
          <TriangleAlert aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-warning" />
          <h1 className="text-base font-medium">{CLIENT_EXCEPTION_TEXT}</h1>
        </div>

        <pre className="max-h-60 overflow-auto rounded-md border border-border bg-surface px-4 py-3 font-mono text-xs whitespace-pre-wrap break-words text-foreground-light">
          {message}
        </pre>

        {isRemoveChildError(error.message) && (
          <Alert variant="warning" title="This error may come from a page translator or browser extensions">
            <p>
              Tools that rewrite the page, such as automatic translation or some browser extensions, can conflict with
              the dashboard. Try turning them off for this site and reload.{' '}
              <a
                href={PAGE_TRANSLATOR_DOCS_URL}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-strong underline underline-offset-2"
              >
                More information
              </a>
            </p>
          </Alert>
        )}

        <div className="flex flex-wrap items-center gap-2">
          <a href={supportLink} className={buttonClasses({ type: 'default' })}>
            Report to support
          </a>
          {isProduction ? (
            <Button type="primary" onClick={() => window.location.reload()}>
              Reload dashboard
            </Button>
          ) : (
            <Button type="primary" onClick={onReset}>
              Return to dashboard
            </Button>
          )}
        </div>
      </div>
    </main>
  )
}
