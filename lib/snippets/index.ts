/**
 * The built-in SQL library (SPEC §3): 21 templates and 8 quickstarts. Ids are stable: links such
 * as `/project/{ref}/sql/new?snippet={id}` name a snippet by its id.
 */
import { colors } from './quickstarts/colors'
import { langChain, openAiVectorSearch } from './quickstarts/vector-search'
import { nextAuthSchemaSetup } from './quickstarts/nextauth'
import { slackClone } from './quickstarts/slack-clone'
import { stripeSubscriptions } from './quickstarts/stripe-subscriptions'
import { todoList } from './quickstarts/todo-list'
import { userManagementStarter } from './quickstarts/user-management'
import { customAccessToken, generalAuthHook, mfaVerificationAttemptLimit, passwordVerificationAttemptLimit } from './templates/auth-hooks'
import { largeObjects, replicationStatus, showActiveConnections, showExtensions, showVersion, tableSizes } from './templates/database-info'
import { installPackageManager } from './templates/package-manager'
import { hitRate, mostFrequentQueries, mostTimeConsumingQueries, slowestExecutionTime } from './templates/query-statistics'
import { addColumn, addComments, addView, automaticTimestamps, createTable, incrementField } from './templates/tables'
import { catalogueSchema, type Snippet, type SnippetType } from './types'

export { catalogueSchema, snippetSchema, type Snippet, type SnippetType } from './types'
export { RATE_LIMIT_MESSAGE } from './templates/auth-hooks'

/** Every snippet, in id order; checked against its schema when this module loads. */
export const SNIPPETS: readonly Snippet[] = catalogueSchema.parse([
  createTable,
  addView,
  addColumn,
  addComments,
  showExtensions,
  showVersion,
  showActiveConnections,
  automaticTimestamps,
  incrementField,
  mostFrequentQueries,
  mostTimeConsumingQueries,
  slowestExecutionTime,
  hitRate,
  replicationStatus,
  installPackageManager,
  largeObjects,
  tableSizes,
  mfaVerificationAttemptLimit,
  passwordVerificationAttemptLimit,
  customAccessToken,
  generalAuthHook,
  colors,
  slackClone,
  todoList,
  stripeSubscriptions,
  userManagementStarter,
  nextAuthSchemaSetup,
  openAiVectorSearch,
  langChain,
])

export const snippetsOfType = (type: SnippetType): Snippet[] => SNIPPETS.filter((s) => s.type === type)

/** The snippet a `?snippet=` value names: a whole positive number that is a known id. */
export function snippetById(id: unknown): Snippet | undefined {
  const n = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id
  return typeof n === 'number' ? SNIPPETS.find((s) => s.id === n) : undefined
}
