import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { VaultSecretsPage } from '@/components/interfaces/ProjectFeatures/Vault/VaultSecretsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Vault secrets (supabase_vault), or why this project's database cannot offer them. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <VaultSecretsPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page
