import Head from 'next/head'
import { useRouter } from 'next/router'
import { AppLayout } from '@/components/layouts/AppLayout'
import { JoinInvitation } from '@/components/interfaces/Organizations/JoinInvitation'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

/**
 * /join?token=…: an invitation to an organization. The shell sends a signed-out visitor to
 * /sign-in and back here (the token is a plain query value the return-to rule accepts); the
 * existence guard leaves /join alone, the organization not being the user's yet.
 */
const JoinPage: NextPageWithLayout = () => {
  const { query, isReady } = useRouter()
  const token = typeof query.token === 'string' ? query.token : undefined
  return (
    <>
      <Head>
        <title>{`Join an organization | ${PRODUCT_NAME}`}</title>
      </Head>
      {isReady && <JoinInvitation token={token} />}
    </>
  )
}

JoinPage.getLayout = (page) => <AppLayout breadcrumbs={[{ label: 'Join an organization' }]}>{page}</AppLayout>
export default JoinPage
