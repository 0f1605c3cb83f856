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
  /** Whether a superuser owns it (the platform created it, or the server's operator did). */
  by_superuser?: boolean
  required_by: string[]
}

/** The project's role (the database's owner), whoever is looking. */
export type OwnerRights = { superuser: boolean; can_create: boolean }

export type DatabaseExtensions = {
  available: AvailableExtension[]
  installed: InstalledExtension[]
  owner: OwnerRights
  /** Extensions whose shared library did not load on this server when one was created. */
  unloadable?: string[]
}

/**
 * What the platform does beyond the project's role, on a server whose admin it holds: it creates
 * (and drops) extensions in a schema of its own, as that admin.
 */
export type PlatformHelp = {
  /** Its schema in this database; null when a schema of that name is the project's (it would not create there). */
  schema: string | null
  /** The schema's name, to say so when it is taken. */
  schemaName: string
  /** For an extension that needs a superuser: whether the platform creates it, or why not. */
  decide(name: string): { offered: true } | { offered: false; reason: string }
}

export const REASONS = {
  missing: 'Not installed on this server.',
  untrusted: 'Needs a superuser: not trusted.',
  noCreate: 'Needs the CREATE privilege on the database, which the project role lacks.',
  notOwner: 'Enabled by another role: only its owner can disable it.',
  unloadable: "Not available: the server has its files, but its library does not load on the server's host.",
  platformSchemaTaken: (schema: string) =>
    `The platform creates it in schema "${schema}", but this project's role owns a schema of that name (anything in it could stand in for what the extension calls). Rename that schema to enable it.`,
} as const

/** Why the project cannot enable it (null: it can), and whether the platform creates it. */
function enableReason(
  name: string,
  available: AvailableExtension | undefined,
  database: DatabaseExtensions,
  platform: PlatformHelp | undefined
): { reason: string | null; byPlatform: boolean } {
  if (!available) return { reason: REASONS.missing, byPlatform: false }
  if (database.unloadable?.includes(name)) return { reason: REASONS.unloadable, byPlatform: false }
  if (database.owner.superuser) return { reason: null, byPlatform: false }
  if (available.superuser && !available.trusted) {
    if (!platform) return { reason: REASONS.untrusted, byPlatform: false }
    const decision = platform.decide(name)
    if (!decision.offered) return { reason: decision.reason, byPlatform: false }
    if (platform.schema === null) return { reason: REASONS.platformSchemaTaken(platform.schemaName), byPlatform: false }
    return { reason: null, byPlatform: true }
  }
  if (!database.owner.can_create) return { reason: REASONS.noCreate, byPlatform: false }
  return { reason: null, byPlatform: false }
}

/**
 * Why the project cannot disable it (null: it can), and whether the platform drops it: what the
 * platform made, in its own schema, it drops again (when it would still create it).
 */
function disableReason(installed: InstalledExtension, available: AvailableExtension | undefined, platform: PlatformHelp | undefined) {
  if (installed.owned) return { reason: null, byPlatform: false }
  const platformMade = platform?.schema != null && installed.by_superuser === true && installed.schema === platform.schema
  const wouldCreate = available !== undefined && (available.trusted || !available.superuser || platform?.decide(installed.name).offered === true)
  if (platformMade && wouldCreate) return { reason: null, byPlatform: true }
  return { reason: REASONS.notOwner, byPlatform: false }
}

function entry(
  name: string,
  known: CatalogueEntry | undefined,
  available: AvailableExtension | undefined,
  installed: InstalledExtension | undefined,
  database: DatabaseExtensions,
  platform: PlatformHelp | undefined
): Extension {
  const { reason, byPlatform } = installed ? disableReason(installed, available, platform) : enableReason(name, available, database, platform)
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
    // What the platform creates goes in its own schema only.
    required_schema: byPlatform && !installed ? platform!.schema : (available?.required_schema ?? null),
    requires: available?.requires ?? [],
    required_by: installed?.required_by ?? [],
    enabled: installed !== undefined,
    changeable: reason === null,
    reason,
    by_platform: byPlatform,
  }
}

/** Every extension of the catalogue and every one the database has, by name. */
export function mergeExtensions(
  database: DatabaseExtensions,
  catalogue: readonly CatalogueEntry[] = EXTENSION_CATALOGUE,
  platform?: PlatformHelp
): Extension[] {
  const available = new Map(database.available.map((a) => [a.name, a]))
  const installed = new Map(database.installed.map((i) => [i.name, i]))
  const known = new Map(catalogue.map((c) => [c.name, c]))
  const names = new Set([...known.keys(), ...available.keys(), ...installed.keys()])
  return [...names]
    .sort((a, b) => a.localeCompare(b))
    .map((name) => entry(name, known.get(name), available.get(name), installed.get(name), database, platform))
}
