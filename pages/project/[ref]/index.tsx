import dayjs from 'dayjs'
import Head from 'next/head'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { Terminal } from 'lucide-react'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { ProjectStatusScreen } from '@/components/layouts/ProjectStatusScreen'
import { ProjectStatusBadge } from '@/components/interfaces/Projects/ProjectStatusBadge'
import { ProjectLifecycleControls } from '@/components/interfaces/Projects/ProjectLifecycleControls'
import { PreviewBranchesCard } from '@/components/interfaces/Projects/PreviewBranchesCard'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { buttonClasses, Card, CardContent, CardHeader } from '@/components/ui'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { ConnectCard } from '@/components/interfaces/ProjectHome/ConnectCard'
import { DatabaseSizeValue } from '@/components/interfaces/ProjectHome/DatabaseSizeValue'
import { PROVIDERS } from '@/lib/api-types/regions'
import { PRODUCT_NAME } from '@/lib/constants'
import { shortDbVersion } from '@/lib/db-version'
import type { NextPageWithLayout } from '@/lib/types/page'

const ProjectHomePage: NextPageWithLayout = () => {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  const { data: project } = useProjectDetailQuery({ ref })
  const isPlatform = useIsPlatform()
  if (!project) return null
  const provider = PROVIDERS[project.cloud_provider]
  const region = provider?.regions.find((r) => r.code === project.region)
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Head>
        <title>{`${project.name} | ${PRODUCT_NAME}`}</title>
      </Head>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{project.name}</h1>
        <ProjectStatusBadge status={project.status} />
        {project.status === 'ACTIVE_HEALTHY' && (
          <Link href={`/project/${project.ref}/sql/new`} className={buttonClasses({ type: 'primary', className: 'ml-auto' })}>
            <Terminal size={14} className="mr-2" aria-hidden /> Open SQL Editor
          </Link>
        )}
      </div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {project.parent_project_ref ? (
          <p className="text-sm text-foreground-light">
            Preview branch of{' '}
            <Link href={`/project/${project.parent_project_ref}`} className="font-mono underline">
              {project.parent_project_ref}
            </Link>
          </p>
        ) : (
          <span />
        )}
        <ProjectLifecycleControls project={project} />
      </div>
      {project.status !== 'ACTIVE_HEALTHY' ? (
        <ProjectStatusScreen project={project} />
      ) : (
        <div className="flex flex-col gap-6">
        <Card>
          <CardHeader title="Project details" />
          <CardContent>
            <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
              <dt className="text-foreground-light">Reference</dt>
              <dd className="font-mono">{project.ref}</dd>
              <dt className="text-foreground-light">Database</dt>
              <dd title={project.dbVersion ?? undefined}>{shortDbVersion(project.dbVersion) ?? 'Unknown version'}</dd>
              <dt className="text-foreground-light">Database size</dt>
              <dd>
                <DatabaseSizeValue projectRef={project.ref} />
              </dd>
              <dt className="text-foreground-light">Created</dt>
              <dd>
                <time dateTime={project.inserted_at}>{dayjs(project.inserted_at).format('D MMM YYYY, HH:mm')}</time>
              </dd>
              <dt className="text-foreground-light">Hosted on</dt>
              <dd className="break-all">{project.db_host}</dd>
              <dt className="text-foreground-light">Provider</dt>
              <dd>
                {provider?.label ?? project.cloud_provider} · {region?.displayName ?? project.region}
              </dd>
              <dt className="text-foreground-light">Plan</dt>
              <dd className="capitalize">{project.plan}</dd>
              {project.preview_branch_refs.length > 0 && (
                <>
                  <dt className="text-foreground-light">Preview branches</dt>
                  <dd className="flex flex-wrap gap-2">
                    {project.preview_branch_refs.map((branch) => (
                      <Link key={branch} href={`/project/${branch}`} className="font-mono underline">
                        {branch}
                      </Link>
                    ))}
                  </dd>
                </>
              )}
            </dl>
          </CardContent>
        </Card>
        <ConnectCard project={project} />
        {isPlatform && !project.parent_project_ref && <PreviewBranchesCard project={project} />}
        </div>
      )}
    </div>
  )
}

ProjectHomePage.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default ProjectHomePage
