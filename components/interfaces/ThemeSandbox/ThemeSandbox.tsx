import { ThemeSandboxPanel } from './ThemeSandboxPanel'
import { useThemeSandboxOpen } from './useThemeSandboxOpen'

/**
 * SPEC §2: a theme-sandbox mode for working on the themes' colours, opened by the URL hash
 * `#theme-sandbox` or the saved "keep open" setting. Not part of production builds: there it
 * renders nothing (Next replaces NODE_ENV at build time, so the sandbox is dropped from them).
 */
export function ThemeSandbox() {
  if (process.env.NODE_ENV === 'production') return null
  return <ThemeSandboxWhenAsked />
}

function ThemeSandboxWhenAsked() {
  const { open, kept, keepOpen, close } = useThemeSandboxOpen()
  if (!open) return null
  return <ThemeSandboxPanel kept={kept} onKeepOpen={keepOpen} onClose={close} />
}
