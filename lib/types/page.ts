import type { NextPage } from 'next'
import type { ReactElement, ReactNode } from 'react'

/** A page picks its layout (DESIGN §2): `Page.getLayout = (page) => <AppLayout>{page}</AppLayout>`. */
export type NextPageWithLayout<P = object> = NextPage<P> & { getLayout?: (page: ReactElement) => ReactNode }
