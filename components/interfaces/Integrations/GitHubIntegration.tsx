import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useGithubAppSettingsQuery } from '@/data/integrations/github-settings-query'
import { integrationKeys } from '@/data/integrations/keys'
import { useCan } from '@/data/profile/use-can'
import type { Organization } from '@/lib/api-types'
import { ProviderMark } from '@/components/interfaces/Auth/ProviderMark'
import { GitHubConnectionsList } from './GitHubConnectionsList'
import { useGitHubPopup } from './useGitHubPopup'

/**
 * The organization's GitHub card: connect an account (authorize the platform's GitHub app in a
 * pop-up), install the app on GitHub, see and remove connections. When the server has no app
 * configured, it says how to configure one.
 */
export function GitHubIntegration({ org }: { org: Organization }) {
  const settings = useGithubAppSettingsQuery()
  const canManage = useCan('organizations:update', org)
  const queryClient = useQueryClient()
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: integrationKeys.githubConnections(org.slug) }), [queryClient, org.slug])
  const open = useGitHubPopup(org.slug, refresh)
  const app = settings.data

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <ProviderMark provider="github" /> GitHub
          </span>
        }
        description="Connect GitHub accounts to this organization through the GitHub app."
        actions={
          app?.configured &&
          canManage && (
            <>
              {app.install_url && <Button onClick={() => open(app.install_url!, { authorize: false })}>Install on GitHub</Button>}
              <Button type="primary" onClick={() => open(app.authorize_url!, { authorize: true })}>
                Connect GitHub
              </Button>
            </>
          )
        }
      />
      <CardContent>
        {settings.error ? (
          <QueryErrorAlert title="Could not load the GitHub settings" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
        ) : !app ? (
          <Skeleton className="h-10" />
        ) : !app.configured ? (
          <Alert title="The GitHub app is not configured on this server">
            Its administrator registers a GitHub app and sets <code>GITHUB_APP_CLIENT_ID</code> and <code>GITHUB_APP_CLIENT_SECRET</code> (and{' '}
            <code>GITHUB_APP_SLUG</code> to offer installing it), with the app’s callback URL set to this dashboard’s <code>/integrations/github/authorize</code>{' '}
            page. See docs/integrations.md.
          </Alert>
        ) : (
          <div className="flex flex-col gap-3">
            {!canManage && <p className="text-sm text-foreground-light">Only Owners and Admins of this organization can connect or disconnect GitHub accounts.</p>}
            <GitHubConnectionsList slug={org.slug} canManage={canManage} />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
