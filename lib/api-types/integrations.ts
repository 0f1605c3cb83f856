/**
 * An organization's connections to GitHub through the platform's GitHub app: the account that
 * authorized the app in a pop-up, recorded for the organization. The platform keeps the account's
 * tokens; they are never part of an answer.
 */
import { z } from 'zod'
import { textField, timestamp } from './zod-helpers'
import { isHttpUrl } from './site'
import { organizationParams } from './organizations'

/** Whether the app is configured, and where the pop-up goes (the client adds `state` and `redirect_uri`). */
export const githubAppSettings = z.object({
  configured: z.boolean(),
  /** GitHub's authorize page with the app's client_id. */
  authorize_url: z.string().nullable(),
  /** Installing the app on an account or organization of GitHub (needs GITHUB_APP_SLUG). */
  install_url: z.string().nullable(),
})
export type GithubAppSettings = z.infer<typeof githubAppSettings>

export const githubConnection = z.object({
  id: z.number(),
  github_account_id: z.string(),
  github_login: z.string(),
  github_avatar_url: z.string().nullable(),
  /** Username of the member who connected it (null once that member's profile is gone). */
  connected_by: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
})
export type GithubConnection = z.infer<typeof githubConnection>
export const githubConnectionList = z.array(githubConnection)

/** What the pop-up brought back: GitHub's one-time code and the page it was sent to. */
export const connectGithubBody = z.object({
  code: z
    .string({ error: 'code is required' })
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'code is not a GitHub authorization code'),
  redirect_uri: z
    .string({ error: 'redirect_uri is required' })
    .max(2048, 'redirect_uri is too long')
    .refine(isHttpUrl, 'redirect_uri must be an http or https URL'),
})
export type ConnectGithubBody = z.infer<typeof connectGithubBody>

export const githubConnectionParams = organizationParams.extend({
  id: textField('id')
    .regex(/^\d{1,15}$/, 'The connection id is not valid')
    .transform(Number),
})
export const githubConnectionDeleted = z.object({ id: z.number(), deleted: z.literal(true) })
