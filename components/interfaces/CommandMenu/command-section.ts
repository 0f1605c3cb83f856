/**
 * SPEC §3 Command section: a named group of the command menu. Its id is its name lowercased with
 * hyphens for spaces ("Feature previews" → "feature-previews"); `forceMount` keeps it shown
 * whatever is typed (its commands are found elsewhere, not by the menu's filter).
 */
import type { LucideIcon } from 'lucide-react'

export type Command = {
  /** Unique in the menu; also what the menu's filter matches, with the keywords. */
  id: string
  name: string
  keywords?: string[]
  icon?: LucideIcon
  /** Shown after the name, dimmed (a project's organization, "on" for a preview …). */
  hint?: string
  run: () => void
}

export type CommandSection = {
  id: string
  name: string
  forceMount: boolean
  commands: Command[]
  meta?: Record<string, unknown>
}

export const sectionId = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-')

export function commandSection(name: string, commands: Command[], { forceMount = false, meta }: { forceMount?: boolean; meta?: Record<string, unknown> } = {}): CommandSection {
  return { id: sectionId(name), name, forceMount, commands, meta }
}
