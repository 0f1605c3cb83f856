/** What every request to a project's auth service works with, gathered once by the gateway. */
import type { IncomingMessage } from 'node:http'
import type { ProjectAuthConfig } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { GatedProject } from '../gateway/types'
import type { ApiKeyRole } from '../data-api/keys'
import type { AuthDb } from './database'

export type ProjectAuthContext = {
  platform: Platform
  req: IncomingMessage
  project: GatedProject
  /** The project's JWT secret: signs its keys and its users' tokens. */
  secret: string
  config: ProjectAuthConfig
  /** The role of the request's `apikey`. */
  keyRole: ApiKeyRole
  /** The request's `apikey` itself. */
  apiKey: string
  /** {site}/p/{ref}: the project's URL as this request reached it (the tokens' issuer). */
  projectUrl: string
  /** The project's URL at the platform's fixed origin (redirects.ts): what mailed links and the default redirect use. */
  linkUrl: string
  ip: string
  db: AuthDb & { transaction<T>(fn: (tx: AuthDb) => Promise<T>): Promise<T> }
}

/** The tokens' issuer: the service's own URL, as GoTrue's is. */
export const issuerOf = (ctx: Pick<ProjectAuthContext, 'projectUrl'>) => `${ctx.projectUrl}/auth/v1`
