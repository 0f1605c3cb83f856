import { z } from 'zod'
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { AI_MAX_MESSAGE_LENGTH, AI_MAX_MESSAGES, aiSqlBody, aiStatus } from './ai'

export const aiRoutes = {
  /** Whether the assistant is configured on this server, and with which model. */
  getAiStatus: route({ method: 'GET', path: '/platform/ai/status', answer: aiStatus }),
  /**
   * Asks the configured model about the project's database; the answer's text is streamed as it
   * arrives (text/plain, chunked). It only proposes SQL: nothing it says is run. Every member may
   * ask (`sql:run`, the read-only role included); the schema is read as the read-only role.
   */
  aiSql: route({
    method: 'POST',
    path: '/platform/projects/:ref/ai/sql',
    params: projectParams,
    body: aiSqlBody,
    // Streamed text: the declared answer is what a non-streamed answer would be.
    answer: z.string(),
    action: 'sql:run',
    scope: byProjectRef,
    // Room for every message at full length in UTF-8 (up to 3 bytes a character), as JSON.
    maxBodyBytes: AI_MAX_MESSAGES * AI_MAX_MESSAGE_LENGTH * 3 + 64 * 1024,
    // Each question costs the key's owner money (RATE_LIMIT_AI).
    rateLimit: [{ bucket: 'ai', rule: 'aiPerUser', key: 'user' }],
  }),
}
