import Link from 'next/link'
import { Card, CardContent, CardHeader } from '@/components/ui'
import { ValueField } from '@/components/interfaces/ApiSettings/ValueField'
import type { StorageS3Connection } from '@/lib/api-types/storage'

/** The endpoint and region an S3 client is given, and the two ways it may sign its requests. */
export function S3ConnectionCard({ projectRef, connection }: { projectRef: string; connection: StorageS3Connection }) {
  return (
    <Card>
      <CardHeader title="S3 connection" description="Give these to an S3 client (the AWS SDK, rclone, the aws CLI) with an access key below." />
      <CardContent className="flex flex-col gap-4">
        <ValueField label="Endpoint" value={connection.endpoint} copyLabel="Copy the S3 endpoint" />
        <ValueField label="Region" value={connection.region} copyLabel="Copy the S3 region" />
        <div className="flex flex-col gap-2 text-sm text-foreground-light">
          <p>
            Buckets are addressed by path, not by host name: turn on path-style addressing in the client (
            <code className="font-mono text-xs">forcePathStyle: true</code> in the AWS SDK).
          </p>
          <p>
            An app may also sign as one of its signed-in users instead of with a key: use the project ref (
            <code className="font-mono text-xs">{projectRef}</code>) as the access key id, the anon key as the secret, and the user&apos;s access token as the
            session token.{' '}
            <Link href="/docs/storage#s3-protocol" className="underline underline-offset-2 hover:text-foreground">
              Storage docs
            </Link>
          </p>
        </div>
      </CardContent>
    </Card>
  )
}
