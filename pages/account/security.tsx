import Head from 'next/head'
import { AccountLayout } from '@/components/layouts/AccountLayout'
import { ChangePasswordCard } from '@/components/interfaces/Account/ChangePasswordCard'
import { ConnectedAccountsCard } from '@/components/interfaces/Account/ConnectedAccountsCard'
import { MfaCard } from '@/components/interfaces/Account/MfaCard'
import { PasskeysCard } from '@/components/interfaces/Account/PasskeysCard'
import { Alert } from '@/components/ui'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

/** The account's security: password, two-factor authentication, passkeys and the accounts it signs in with. */
const AccountSecurityPage: NextPageWithLayout = () => {
  const isPlatform = useIsPlatform()
  return (
    <>
      <Head>
        <title>{`Account security | ${PRODUCT_NAME}`}</title>
      </Head>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
        <h1 className="text-xl font-semibold">Account security</h1>
        {isPlatform ? (
          <>
            <ChangePasswordCard />
            <MfaCard />
            <PasskeysCard />
            <ConnectedAccountsCard />
          </>
        ) : (
          <Alert variant="info" title="No accounts when self-hosted">
            A self-hosted dashboard has no sign-in: whoever reaches it is its one local user. Protect it with your network or a proxy.
          </Alert>
        )}
      </div>
    </>
  )
}

AccountSecurityPage.getLayout = (page) => <AccountLayout section="Security">{page}</AccountLayout>
export default AccountSecurityPage
