/**
 * The AI assistant panel (SPEC §3, §4), kept in local storage so a reload keeps the conversation:
 * open, messages (each with createdAt; only the latest 20 are stored), sqlSnippets, initialInput,
 * suggestions, editor, content, entity, tables. `?aiAssistantPanelOpen=true` opens it. Changing
 * the entity clears the content. Open it with side-panels.ts (it closes the editor panel).
 */
import { proxy, subscribe } from 'valtio'
import { z } from 'zod'
import { resetOnSignOut } from './reset'

export const AI_ASSISTANT_STORAGE_KEY = 'supaboard-ai-assistant'
export const PERSISTED_MESSAGES = 20

const message = z.object({ id: z.string(), role: z.enum(['user', 'assistant']), content: z.string(), createdAt: z.string() })
const entity = z.looseObject({ id: z.union([z.string(), z.number()]) })
const persisted = z.object({
  open: z.boolean(),
  messages: z.array(message),
  sqlSnippets: z.array(z.string()),
  initialInput: z.string(),
  suggestions: z.object({ title: z.string(), prompts: z.array(z.string()) }).nullable(),
  editor: z.string().nullable(),
  content: z.string(),
  entity: entity.nullable(),
  tables: z.array(z.object({ schema: z.string(), name: z.string() })),
})

export type AssistantMessage = z.infer<typeof message>
export type AssistantEntity = z.infer<typeof entity>
export type AiAssistantState = z.infer<typeof persisted>

const initial = (): AiAssistantState => ({
  open: false,
  messages: [],
  sqlSnippets: [],
  initialInput: '',
  suggestions: null,
  editor: null,
  content: '',
  entity: null,
  tables: [],
})

export const aiAssistantState = proxy({
  ...initial(),
  reset() {
    Object.assign(aiAssistantState, initial())
  },
})
resetOnSignOut(() => aiAssistantState.reset())

/** What goes to storage: the state, with the latest messages only. */
export function toStored(state: AiAssistantState): AiAssistantState {
  const { open, messages, sqlSnippets, initialInput, suggestions, editor, content, entity, tables } = state
  return { open, messages: messages.slice(-PERSISTED_MESSAGES), sqlSnippets, initialInput, suggestions, editor, content, entity, tables }
}

/** What was stored, or the initial state when nothing valid was (another version, edited by hand). */
export function fromStored(raw: string | null): AiAssistantState {
  if (!raw) return initial()
  try {
    const parsed = persisted.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : initial()
  } catch {
    return initial()
  }
}

/**
 * Loads the stored state (and the URL's override) once in the browser, then stores every change.
 * Answers a function that stops storing.
 */
export function startAiAssistantPersistence(storage: Storage, query: Record<string, unknown>): () => void {
  Object.assign(aiAssistantState, fromStored(storage.getItem(AI_ASSISTANT_STORAGE_KEY)))
  if (query.aiAssistantPanelOpen === 'true') aiAssistantState.open = true
  return subscribe(aiAssistantState, () => {
    try {
      storage.setItem(AI_ASSISTANT_STORAGE_KEY, JSON.stringify(toStored(aiAssistantState)))
    } catch {
      // Storage full or blocked: the panel keeps working in memory.
    }
  })
}

export function addAssistantMessage(role: AssistantMessage['role'], content: string, now = new Date()): AssistantMessage {
  const added = { id: crypto.randomUUID(), role, content, createdAt: now.toISOString() }
  aiAssistantState.messages.push(added)
  return added
}

/** A different entity (another table, function …) starts from empty content. */
export function setAssistantEntity(next: AssistantEntity | null) {
  if (next?.id !== aiAssistantState.entity?.id) aiAssistantState.content = ''
  aiAssistantState.entity = next
}

export function closeAiAssistant() {
  aiAssistantState.open = false
}
