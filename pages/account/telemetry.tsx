import Head from 'next/head'
import Link from 'next/link'
import { AccountLayout } from '@/components/layouts/AccountLayout'
import { TelemetryConsentCard } from '@/components/interfaces/Telemetry/TelemetryConsentCard'
import { TelemetryDataCard } from '@/components/interfaces/Telemetry/TelemetryDataCard'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

/** What telemetry was recorded about the signed-in user, deleting it, and this browser's choice. */
const AccountTelemetryPage: NextPageWithLayout = () => (
  <>
    <Head>
      <title>{`Your telemetry data | ${PRODUCT_NAME}`}</title>
    </Head>
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-semibold">Your telemetry data</h1>
        <p className="text-sm text-foreground-light">
          What the dashboard recorded about you after you allowed telemetry.{' '}
          <Link href="/docs/telemetry" className="underline underline-offset-2 hover:text-foreground">
            What is recorded, and for how long
          </Link>
        </p>
      </div>
      <TelemetryConsentCard />
      <TelemetryDataCard />
    </div>
  </>
)

AccountTelemetryPage.getLayout = (page) => <AccountLayout section="Your telemetry data">{page}</AccountLayout>
export default AccountTelemetryPage
