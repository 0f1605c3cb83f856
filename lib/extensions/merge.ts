/**
 * What a project can do with each extension: the catalogue merged with the facts its database
 * gives (server/extensions/extensions-sql.ts reads them). Pure, so every reason is tested.
 */
import type { Extension } from '@/lib/api-types'
import { EXTENSION_CATALOGUE, extensionGuideLink, type CatalogueEntry } from './catalogue'

/** One row of pg_available_extensions, with its default version's control-file facts. */
export type AvailableExtension = {
  name: string
  default_version: string | null
  comment: string | null
  trusted: boolean
  superuser: boolean
  required_schema: string | null
  requires: string[]
}

/** One row of pg_extension. */
export type InstalledExtension = {
  name: string
  version: string
  schema: string
  /** Whether the project's role owns it (or is a superuser): only the owner may drop it. */
  owned: boolean
  required_by: string[]
}

/** The project's role (the database's owner), whoever is looking. */
export type OwnerRights = { superuser: boolean; can_create: boolean }

export type DatabaseExtensions = {
  available: AvailableExtension[]
  installed: InstalledExtension[]
  owner: OwnerRights
}

/** `embedded`: PGlite, whose extensions are built in; `server`: a PostgreSQL server, whose are its packages. */
export type DatabaseKind = 'embedded' | 'server'

export const REASONS = {
  missing: { embedded: 'Not built into the embedded database.', server: 'Not installed on this server.' },
  untrusted: 'Needs a superuser: not trusted.',
  noCreate: 'Needs the CREATE privilege on the database, which the project role lacks.',
  notOwner: 'Enabled by another role: only its owner can disable it.',
} as const

function enableReason(available: AvailableExtension | undefined, owner: OwnerRights, kind: DatabaseKind): string | null {
  if (!available) return REASONS.missing[kind]
  if (owner.superuser) return null
  if (available.superuser && !available.trusted) return REASONS.untrusted
  if (!owner.can_create) return REASONS.noCreate
  return null
}

function entry(
  name: string,
  known: CatalogueEntry | undefined,
  available: AvailableExtension | undefined,
  installed: InstalledExtension | undefined,
  database: DatabaseExtensions,
  kind: DatabaseKind
): Extension {
  const reason = installed ? (installed.owned ? null : REASONS.notOwner) : enableReason(available, database.owner, kind)
  return {
    name,
    // The catalogue's words first; the control file's for an extension the catalogue does not know.
    comment: known?.comment ?? available?.comment ?? null,
    tags: known?.tags ?? [],
    in_catalogue: known !== undefined,
    link: known?.link ?? extensionGuideLink(name),
    github_url: known?.github_url ?? null,
    product: known?.product ?? null,
    product_url: known?.product_url ?? null,
    default_version: available?.default_version ?? null,
    installed_version: installed?.version ?? null,
    schema: installed?.schema ?? null,
    required_schema: available?.required_schema ?? null,
    requires: available?.requires ?? [],
    required_by: installed?.required_by ?? [],
    enabled: installed !== undefined,
    changeable: reason === null,
    reason,
  }
}

/** Every extension of the catalogue and every one the database has, by name. */
export function mergeExtensions(database: DatabaseExtensions, kind: DatabaseKind, catalogue: readonly CatalogueEntry[] = EXTENSION_CATALOGUE): Extension[] {
  const available = new Map(database.available.map((a) => [a.name, a]))
  const installed = new Map(database.installed.map((i) => [i.name, i]))
  const known = new Map(catalogue.map((c) => [c.name, c]))
  const names = new Set([...known.keys(), ...available.keys(), ...installed.keys()])
  return [...names]
    .sort((a, b) => a.localeCompare(b))
    .map((name) => entry(name, known.get(name), available.get(name), installed.get(name), database, kind))
}
