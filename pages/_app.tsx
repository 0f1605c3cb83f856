// First: crypto.randomUUID where the browser hides it (plain HTTP by a network address).
import '@/lib/random-uuid'
import '@/styles/globals.css'
import type { AppProps } from 'next/app'
import Head from 'next/head'
import { useEffect, useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '@/data/query-client'
import { ConsentToast } from '@/components/interfaces/Consent/ConsentToast'
import { GlobalErrorBoundary } from '@/components/interfaces/ErrorScreen/GlobalErrorBoundary'
import { TelemetryTracker } from '@/components/interfaces/Telemetry/TelemetryTracker'
import { ThemeSandbox } from '@/components/interfaces/ThemeSandbox/ThemeSandbox'
import { AppThemeProvider } from '@/components/layouts/AppThemeProvider'
import { RuntimeConfigGate } from '@/components/layouts/RuntimeConfigGate'
import { ThemedToaster } from '@/components/layouts/ThemedToaster'
import { PRODUCT_NAME } from '@/lib/constants'
import { loadFeaturePreviews } from '@/state/feature-previews'
import type { NextPageWithLayout } from '@/lib/types/page'

type AppPropsWithLayout = AppProps & { Component: NextPageWithLayout }

export default function App({ Component, pageProps }: AppPropsWithLayout) {
  const [queryClient] = useState(createQueryClient)
  const getLayout = Component.getLayout ?? ((page) => page)
  // The stored preview flags are known in the browser only: read once, after the first render.
  useEffect(() => {
    loadFeaturePreviews()
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <Head>
          <title>{PRODUCT_NAME}</title>
          <meta name="viewport" content="width=device-width, initial-scale=1" />
        </Head>
        <GlobalErrorBoundary>
          <RuntimeConfigGate>
            {getLayout(<Component {...pageProps} />)}
            {/* On every page, signed in or not; each decides for itself when to show. */}
            <ConsentToast />
            <TelemetryTracker />
            <ThemeSandbox />
          </RuntimeConfigGate>
        </GlobalErrorBoundary>
        <ThemedToaster />
      </AppThemeProvider>
    </QueryClientProvider>
  )
}
