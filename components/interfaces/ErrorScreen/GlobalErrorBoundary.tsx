import { reportError } from '@/data/telemetry/report-error'
import Router from 'next/router'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen } from './ErrorScreen'

export interface GlobalErrorBoundaryProps {
  children: ReactNode
  /** Overrides the NODE_ENV check of the second button (tests, theme sandbox). */
  isProduction?: boolean
}

interface State {
  error: Error | null
}

/** Anything can be thrown; the screen needs an Error. */
function toError(value: unknown): Error {
  if (value instanceof Error) return value
  return new Error(typeof value === 'string' ? value : JSON.stringify(value) ?? String(value))
}

/**
 * Wraps the whole app (in pages/_app.tsx). Catches render errors, reports them with tag
 * 'globalErrorBoundary' and shows the global error screen. A completed route change (e.g. the
 * browser's back button) clears the error, as does 'Return to dashboard'.
 */
export class GlobalErrorBoundary extends Component<GlobalErrorBoundaryProps, State> {
  state: State = { error: null }

  static getDerivedStateFromError(value: unknown): State {
    return { error: toError(value) }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, { tag: 'globalErrorBoundary', extra: { componentStack: info.componentStack } })
  }

  componentDidMount() {
    Router.events.on('routeChangeComplete', this.onRouteChangeComplete)
  }

  componentWillUnmount() {
    Router.events.off('routeChangeComplete', this.onRouteChangeComplete)
  }

  private onRouteChangeComplete = () => {
    if (this.state.error) this.reset()
  }

  reset = () => this.setState({ error: null })

  render() {
    if (this.state.error) {
      return <ErrorScreen error={this.state.error} onReset={this.reset} isProduction={this.props.isProduction} />
    }
    return this.props.children
  }
}
