import { afterEach, describe, expect, it } from 'vitest'
import {
  addAssistantMessage,
  AI_ASSISTANT_STORAGE_KEY,
  aiAssistantState,
  fromStored,
  PERSISTED_MESSAGES,
  setAssistantEntity,
  startAiAssistantPersistence,
  toStored,
} from './ai-assistant'
import { closeEditorPanel, defaultEditorTemplates, editorPanelState, setEditorPanelInitialValue } from './editor-panel'
import { openAiAssistant, openEditorPanel } from './side-panels'
import { resetClientStores } from './reset'

/** A Storage in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  }
}

afterEach(() => resetClientStores())

describe('editor panel', () => {
  it('offers the template snippets as templates', () => {
    expect(editorPanelState.templates.length).toBe(21)
    expect(editorPanelState.templates[0]).toEqual({ name: expect.any(String), description: expect.any(String), content: expect.any(String) })
  })

  it('closing it forgets the initial prompt', () => {
    openEditorPanel({ initialPrompt: 'a policy for owners', label: 'New policy' })
    expect(editorPanelState).toMatchObject({ open: true, initialPrompt: 'a policy for owners', label: 'New policy' })
    closeEditorPanel()
    expect(editorPanelState).toMatchObject({ open: false, initialPrompt: '' })
  })

  it('an empty initial value brings the default templates back', () => {
    editorPanelState.templates = [{ name: 'Only', description: '', content: 'select 1' }]
    setEditorPanelInitialValue('select 2')
    expect(editorPanelState.templates).toHaveLength(1)
    setEditorPanelInitialValue('')
    expect(editorPanelState.templates).toEqual(defaultEditorTemplates())
  })
})

describe('AI assistant panel', () => {
  it('opening one panel closes the other', () => {
    openEditorPanel()
    openAiAssistant()
    expect([editorPanelState.open, aiAssistantState.open]).toEqual([false, true])
    openEditorPanel()
    expect([editorPanelState.open, aiAssistantState.open]).toEqual([true, false])
  })

  it('changing the entity clears the content; the same entity keeps it', () => {
    setAssistantEntity({ id: 1, name: 'orders' })
    aiAssistantState.content = 'create policy …'
    setAssistantEntity({ id: 1, name: 'orders' })
    expect(aiAssistantState.content).toBe('create policy …')
    setAssistantEntity({ id: 2, name: 'invoices' })
    expect(aiAssistantState.content).toBe('')
  })

  it('stores only the latest 20 messages, each with createdAt', () => {
    for (let i = 0; i < 25; i++) addAssistantMessage(i % 2 ? 'assistant' : 'user', `message ${i}`, new Date(Date.UTC(2026, 0, 1, 0, i)))
    const stored = toStored(aiAssistantState)
    expect(stored.messages).toHaveLength(PERSISTED_MESSAGES)
    expect(stored.messages[0]).toMatchObject({ content: 'message 5', createdAt: '2026-01-01T00:05:00.000Z' })
    expect(aiAssistantState.messages).toHaveLength(25) // memory keeps the whole conversation
  })

  it('is stored on every change and loaded back; ?aiAssistantPanelOpen=true opens it', async () => {
    const storage = memoryStorage()
    const stop = startAiAssistantPersistence(storage, {})
    aiAssistantState.initialInput = 'How do I index this?'
    addAssistantMessage('user', 'hello')
    await Promise.resolve() // valtio notifies subscribers after the current task's changes
    stop()
    resetClientStores()
    expect(aiAssistantState.initialInput).toBe('')
    const stopAgain = startAiAssistantPersistence(storage, { aiAssistantPanelOpen: 'true' })
    expect(aiAssistantState).toMatchObject({ initialInput: 'How do I index this?', open: true })
    expect(aiAssistantState.messages.map((m) => m.content)).toEqual(['hello'])
    stopAgain()
  })

  it('ignores stored state it cannot read', () => {
    expect(fromStored('{not json').messages).toEqual([])
    expect(fromStored(JSON.stringify({ open: 'yes' })).open).toBe(false)
    const storage = memoryStorage()
    storage.setItem(AI_ASSISTANT_STORAGE_KEY, JSON.stringify({ messages: 'lots' }))
    const stop = startAiAssistantPersistence(storage, {})
    expect(aiAssistantState.messages).toEqual([])
    stop()
  })
})
