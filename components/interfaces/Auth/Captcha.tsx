import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react'
import { useTheme } from 'next-themes'
import { Alert, Skeleton } from '@/components/ui'
import { captchaApi, captchaScriptSrc, type CaptchaApi } from '@/lib/captcha/hcaptcha'
import { CaptchaScriptError, loadCaptchaScript } from '@/lib/captcha/load-script'

export type CaptchaHandle = {
  /** A token is good for one sign-up attempt: after each, the widget starts over. */
  reset(): void
}

type Widget = { api: CaptchaApi; id: string }

/**
 * The captcha widget of the sign-up form (hCaptcha's browser API): loads the provider's script
 * (up to two retries, then a generic script error), renders the widget, and reports its token;
 * an expired token, or an error of the widget, clears the token and starts the widget over.
 */
export function Captcha({ siteKey, scriptUrl, onToken, ref }: { siteKey: string; scriptUrl: string; onToken: (token: string | null) => void; ref?: Ref<CaptchaHandle> }) {
  const container = useRef<HTMLDivElement>(null)
  const widget = useRef<Widget | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')
  const { resolvedTheme } = useTheme()
  const theme = resolvedTheme === 'light' || !resolvedTheme ? 'light' : 'dark'
  // The latest callback, without rendering the widget again when the parent re-renders.
  const report = useRef(onToken)
  useEffect(() => {
    report.current = onToken
  }, [onToken])

  useEffect(() => {
    let cancelled = false
    loadCaptchaScript(captchaScriptSrc(scriptUrl))
      .then(() => {
        const api = captchaApi()
        if (!api) throw new CaptchaScriptError()
        if (cancelled || !container.current) return
        const id = api.render(container.current, {
          sitekey: siteKey,
          theme,
          callback: (token) => report.current(token),
          'expired-callback': () => report.current(null),
          'chalexpired-callback': () => report.current(null),
          'error-callback': () => {
            report.current(null)
            api.reset(id)
          },
        })
        widget.current = { api, id }
        setStatus('ready')
      })
      .catch(() => {
        if (!cancelled) setStatus('failed')
      })
    return () => {
      cancelled = true
      if (widget.current) {
        // The widget goes (a new theme draws it again): its token goes with it.
        widget.current.api.remove(widget.current.id)
        report.current(null)
      }
      widget.current = null
    }
  }, [siteKey, scriptUrl, theme])

  useImperativeHandle(ref, () => ({
    reset() {
      report.current(null)
      widget.current?.api.reset(widget.current.id)
    },
  }))

  if (status === 'failed')
    return (
      <Alert variant="danger" title="Captcha unavailable">
        {new CaptchaScriptError().message}
      </Alert>
    )
  return (
    <div>
      {status === 'loading' && <Skeleton className="h-[78px] w-[303px] max-w-full" />}
      <div ref={container} data-testid="captcha" />
    </div>
  )
}
