import Head from 'next/head'
import { AccountLayout } from '@/components/layouts/AccountLayout'
import { AccessTokensCard } from '@/components/interfaces/Account/AccessTokensCard'
import { Alert } from '@/components/ui'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Personal access tokens for the Management API. */
const AccountTokensPage: NextPageWithLayout = () => {
  const isPlatform = useIsPlatform()
  return (
    <>
      <Head>
        <title>{`Access tokens | ${PRODUCT_NAME}`}</title>
      </Head>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
        <h1 className="text-xl font-semibold">Access tokens</h1>
        {isPlatform ? (
          <AccessTokensCard />
        ) : (
          <Alert variant="info" title="No tokens when self-hosted">
            A self-hosted dashboard has no sign-in, so its Management API needs no token: whoever reaches the dashboard may call it.
          </Alert>
        )}
      </div>
    </>
  )
}

AccountTokensPage.getLayout = (page) => <AccountLayout section="Access tokens">{page}</AccountLayout>
export default AccountTokensPage
