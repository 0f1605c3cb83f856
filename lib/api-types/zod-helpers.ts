import { z } from 'zod'

/** A string field whose type errors say plainly whether it was missing or of the wrong kind. */
export const textField = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
