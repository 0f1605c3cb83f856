/**
 * Vault secrets (/project/{ref}/settings/vault/secrets): the secrets supabase_vault keeps
 * encrypted in the project's database. Names and descriptions are listed; a value is read only
 * when a member who may change the database reveals it.
 */
import { extensionStatus, type Capabilities } from '@/lib/sql/project-features/capabilities'
import { ChangeDialog } from '../shared/ChangeDialog'
import { EnableExtension } from '../shared/EnableExtension'
import { FeaturePage } from '../shared/FeaturePage'
import { Code, NotOffered } from '../shared/NotOffered'
import { useProjectAccess } from '../shared/use-project-access'
import { useSqlChange } from '../shared/use-sql-change'
import { WithCapabilities } from '../shared/WithCapabilities'
import { SecretList } from './SecretList'

export function VaultSecretsPage({ projectRef }: { projectRef: string }) {
  return (
    <FeaturePage title="Vault" description="Secrets kept encrypted in the project's database, for SQL that needs them (API keys for webhooks, cron jobs …).">
      <WithCapabilities projectRef={projectRef}>{(capabilities) => <Vault projectRef={projectRef} capabilities={capabilities} />}</WithCapabilities>
    </FeaturePage>
  )
}

function Vault({ projectRef, capabilities }: { projectRef: string; capabilities: Capabilities }) {
  const { canWrite, readOnly } = useProjectAccess(projectRef)
  const change = useSqlChange(projectRef)
  const status = extensionStatus(capabilities, 'supabase_vault')

  if (status.state === 'missing')
    return (
      <NotOffered
        title="The vault is not offered for this project"
        why={
          <p>
            The vault is the supabase_vault extension (schema <Code>vault</Code>
            ), which encrypts secrets inside the database with keys its server holds (older versions through pgsodium).{' '}
            This project’s PostgreSQL server does not have it installed.{' '}
            The platform does not keep project secrets anywhere else: the one secret it holds for a project is its database password (on the project&apos;s home
            page).
          </p>
        }
        enable={
          <p>
            On a PostgreSQL server, its operator installs supabase_vault (and pgsodium where the version needs it, with its key configured), then runs{' '}
            <Code>create extension supabase_vault cascade</Code> in this project&apos;s database.
          </p>
        }
      />
    )

  if (status.state === 'available')
    return (
      <>
        <EnableExtension status={status} name="supabase_vault" cascade canWrite={canWrite} change={change}>
          <p>Enabling it creates the schema vault, with encrypted secrets readable through vault.decrypted_secrets.</p>
        </EnableExtension>
        <ChangeDialog change={change} />
      </>
    )

  return (
    <div className="flex flex-col gap-4">
      {readOnly && <p className="text-sm text-foreground-light">Your role can see the secrets&apos; names but not their values, and cannot change them.</p>}
      <SecretList projectRef={projectRef} canWrite={canWrite} change={change} />
      <ChangeDialog change={change} />
    </div>
  )
}
