/** The AI assistant: a conversation sent to an OpenAI-compatible model, which answers with SQL to review. */
import { z } from 'zod'

export const AI_MAX_MESSAGES = 40
export const AI_MAX_MESSAGE_LENGTH = 20_000
export const AI_MAX_TABLES = 200

export const aiMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().min(1, 'A message cannot be empty.').max(AI_MAX_MESSAGE_LENGTH, `A message can be at most ${AI_MAX_MESSAGE_LENGTH} characters long.`),
})

export const aiSqlBody = z.object({
  messages: z
    .array(aiMessage)
    .min(1, 'Send at least one message.')
    .max(AI_MAX_MESSAGES, `Send at most ${AI_MAX_MESSAGES} messages; clear the conversation to start again.`)
    .refine((messages) => messages[messages.length - 1]?.role === 'user', 'The last message must be the question (role user).'),
  /** Tables the question is about: their columns come first in the model's context. */
  tables: z
    .array(z.object({ schema: z.string().min(1).max(128), name: z.string().min(1).max(128) }))
    .max(AI_MAX_TABLES)
    .optional(),
})

export const aiStatus = z.object({ enabled: z.boolean(), model: z.string().nullable() })

/** What the platform says when no model is configured (503): the way to turn the assistant on. */
export const AI_DISABLED_MESSAGE =
  "The AI assistant is not enabled. Set OPENAI_API_KEY (and optionally OPENAI_BASE_URL, OPENAI_MODEL) on the dashboard's server and restart it."

export type AiMessage = z.infer<typeof aiMessage>
export type AiSqlBody = z.infer<typeof aiSqlBody>
export type AiStatus = z.infer<typeof aiStatus>
