import { z } from 'zod'

/** A string field whose type errors say plainly whether it was missing or of the wrong kind. */
export const textField = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })

/** A path segment naming something by slug or ref: what the platform ever hands out, nothing else. */
export const identifier = (label: string) =>
  textField(label).regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, `${label} is not valid`)

/** An ISO 8601 timestamp as answered by the platform. */
export const timestamp = z.string()
