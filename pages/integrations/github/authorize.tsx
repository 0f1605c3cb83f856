import Head from 'next/head'
import { GitHubAuthorizeCallback } from '@/components/interfaces/Integrations/GitHubAuthorizeCallback'
import { PRODUCT_NAME } from '@/lib/constants'

/** GitHub's callback URL for the GitHub app: opened in the pop-up, no dashboard chrome around it. */
export default function GitHubAuthorizePage() {
  return (
    <>
      <Head>
        <title>{`Connecting GitHub | ${PRODUCT_NAME}`}</title>
      </Head>
      <GitHubAuthorizeCallback />
    </>
  )
}
