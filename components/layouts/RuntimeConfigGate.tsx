import { useEffect, useState, type ReactNode } from 'react'
import { useRuntimeConfigQuery } from '@/data/config/config-query'
import { AuthProvider } from '@/components/auth/AuthProvider'
import { Spinner } from '@/components/ui'
import { QueryErrorAlert } from './QueryErrorAlert'

/**
 * Nothing renders before the server has said how it runs (platform or self-hosted), so that no
 * screen ever flashes the wrong mode. Then auth starts, in platform mode only.
 */
export function RuntimeConfigGate({ children }: { children: ReactNode }) {
  const { data, error, refetch, isFetching } = useRuntimeConfigQuery()
  const mocking = useApiMocking(data?.apiMocking ?? false)
  if (error)
    return (
      <div className="mx-auto mt-24 max-w-md px-4">
        <QueryErrorAlert title="Cannot reach the dashboard's server" error={error} onRetry={() => refetch()} retrying={isFetching}>
          {error.message}. Check that the server is running, then try again.
        </QueryErrorAlert>
      </div>
    )
  if (!data || mocking === 'starting') return <FullPageLoader />
  return <AuthProvider enabled={data.isPlatform}>{children}</AuthProvider>
}

/** Loads and starts MSW only when the server asks for it: otherwise msw is never downloaded. */
function useApiMocking(enabled: boolean): 'off' | 'starting' | 'on' {
  const [state, setState] = useState<'off' | 'starting' | 'on'>('off')
  useEffect(() => {
    if (!enabled) return
    void import('@/mocks/browser').then(({ startMocking }) => startMocking()).then(() => setState('on'))
  }, [enabled])
  return enabled && state === 'off' ? 'starting' : state
}

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex h-screen w-full items-center justify-center" role="status" aria-live="polite">
      <Spinner size={24} label={label} />
    </div>
  )
}

export function useIsPlatform(): boolean {
  const { data } = useRuntimeConfigQuery()
  return data?.isPlatform ?? true
}
