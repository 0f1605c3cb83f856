/**
 * Postgres extensions of a project database: the catalogue merged with what the database has; enable and disable.
 *
 * Every entry says whether it can be enabled (or, once enabled, disabled) in this database and, when
 * not, why: decided from the database's own catalog (pg_available_extensions, the control file's
 * `trusted` and `superuser`, the project role's rights), never from a list kept here.
 */
import { z } from 'zod'
import { EXTENSION_TAGS } from '../extensions/tags'
import { pgName } from './privileges'
import { projectParams } from './projects'

/** Schemas an extension is never put in from here: Postgres' own and the platform's. */
const RESERVED_SCHEMA = /^(pg_|information_schema$|platform_internal$|platform_ro$)/

export const extensionSchemaName = pgName('schema').refine(
  (name) => !RESERVED_SCHEMA.test(name),
  'schema must be one of the project\'s own schemas (not pg_…, information_schema or the platform\'s)'
)

export const extensionParams = projectParams.extend({ name: pgName('name') })

export const enableExtensionBody = z.object({
  name: pgName('name'),
  /** Where it goes; may be left out for an extension whose control file (or the platform) fixes its schema. */
  schema: extensionSchemaName.optional(),
  /** Also create the extensions it requires (CREATE EXTENSION … CASCADE). */
  cascade: z.boolean({ error: 'cascade must be true or false' }).optional().default(false),
})
export type EnableExtensionBody = z.input<typeof enableExtensionBody>

export const disableExtensionQuery = z.object({
  /** Also drop what depends on it (DROP EXTENSION … CASCADE). */
  cascade: z
    .enum(['true', 'false'], { error: 'cascade must be true or false' })
    .transform((v) => v === 'true')
    .optional()
    .default(false),
})

export const extension = z.object({
  name: z.string(),
  comment: z.string().nullable(),
  /** Tags from the catalogue; none for an extension the catalogue does not know. */
  tags: z.array(z.enum(EXTENSION_TAGS)),
  in_catalogue: z.boolean(),
  link: z.string(),
  github_url: z.string().nullable(),
  product: z.string().nullable(),
  product_url: z.string().nullable(),
  /** The version CREATE EXTENSION installs here; null when the database does not have it. */
  default_version: z.string().nullable(),
  installed_version: z.string().nullable(),
  /** The schema it is enabled in. */
  schema: z.string().nullable(),
  /** The one schema its control file allows, when it names one. */
  required_schema: z.string().nullable(),
  /** Extensions it needs (CASCADE creates the missing ones). */
  requires: z.array(z.string()),
  /** Enabled extensions that need it: disabling it without CASCADE fails while they are there. */
  required_by: z.array(z.string()),
  enabled: z.boolean(),
  /** Whether the project's role can enable it (when disabled) or disable it (when enabled). */
  changeable: z.boolean(),
  /** Why not, when it cannot: a sentence for a person. */
  reason: z.string().nullable(),
  /**
   * Enabled or disabled by the platform as the server's admin, in its own schema (an extension
   * that needs a superuser, from the platform's list), rather than by the project's role.
   */
  by_platform: z.boolean().optional(),
})
export type Extension = z.infer<typeof extension>

export const projectExtensions = z.object({
  extensions: z.array(extension),
  /** The project's schemas, for picking where an extension goes. */
  schemas: z.array(z.string()),
  /** The schema the platform owns in this database (what it creates goes there); null when it creates nothing here. */
  platform_schema: z.string().nullable().optional(),
})
export type ProjectExtensions = z.infer<typeof projectExtensions>

export const extensionChange = projectExtensions.extend({
  /** The SQL that ran, exactly. */
  sql: z.string(),
})
export type ExtensionChange = z.infer<typeof extensionChange>
