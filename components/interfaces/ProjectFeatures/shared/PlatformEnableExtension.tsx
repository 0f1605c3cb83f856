import type { ReactNode } from 'react'
import { Alert, Button } from '@/components/ui'
import { SqlBlock } from '@/components/ui/SqlBlock'
import { useExtensionChangeMutation } from '@/data/extensions/extension-change-mutation'
import { useExtensionsQuery } from '@/data/extensions/extensions-query'
import { platformEnableExtensionSql } from '@/lib/extensions/extension-sql'
import { Code } from './NotOffered'
import { LoadingBlock } from './StateBlocks'

/**
 * An extension that needs a superuser, which the platform creates for the project (through the
 * extensions API, as the server's admin, in its own schema): the SQL it runs and an Enable button
 * for a member who may change the database. When the platform does not offer it here, `fallback`.
 */
export function PlatformEnableExtension({
  projectRef,
  name,
  canWrite,
  children,
  fallback,
}: {
  projectRef: string
  name: string
  canWrite: boolean
  /** What the extension does and any condition beyond creating it. */
  children: ReactNode
  fallback: ReactNode
}) {
  const extensions = useExtensionsQuery({ projectRef })
  const mutation = useExtensionChangeMutation()
  if (extensions.isLoading) return <LoadingBlock label="Checking what the platform offers" />
  const offer = extensions.data?.extensions.find((e) => e.name === name)
  if (!offer?.by_platform || offer.enabled || !offer.changeable) return <>{fallback}</>
  const schema = offer.required_schema ?? extensions.data?.platform_schema ?? 'extensions'
  return (
    <Alert
      variant="info"
      title={`The ${name} extension is available but not enabled`}
      actions={
        canWrite ? (
          <Button
            size="tiny"
            type="primary"
            loading={mutation.isPending}
            onClick={() => mutation.mutate({ projectRef, kind: 'enable', name, cascade: false })}
          >
            Enable {name}
          </Button>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-2">
        {children}
        <p>
          It needs a superuser: the platform creates it for this project, as the server&apos;s admin, in its own schema <Code>{schema}</Code>.
        </p>
        {!canWrite && <p>Your role cannot enable extensions; an Owner, Admin or Developer can.</p>}
        <SqlBlock sql={platformEnableExtensionSql({ name, schema })} label="SQL the platform runs" />
      </div>
    </Alert>
  )
}
