import Head from 'next/head'
import { SignUpForm } from '@/components/interfaces/Auth/SignUpForm'
import { PRODUCT_NAME } from '@/lib/constants'

/** Sign-up with email and password (a captcha when the server has one), or with an OAuth provider. */
export default function SignUpPage() {
  return (
    <>
      <Head>
        <title>{`Sign up | ${PRODUCT_NAME}`}</title>
      </Head>
      <SignUpForm />
    </>
  )
}
