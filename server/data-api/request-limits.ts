/**
 * The statement timeouts of a project's data API roles. PostgREST applies a role's own settings
 * when it switches to it, but only those set for every database (`ALTER ROLE anon SET …`), and
 * the API roles are shared by every project on the server: those hold the defaults (anon 3 s,
 * authenticated 8 s, as hosted projects have them). A project's own values are set per request
 * by a function of the platform's in its database (PostgREST's `db-pre-request`), made by the
 * admin in the platform's sealed schema, so the project's role can neither change nor shadow
 * it; a project whose `extensions` schema is its own keeps the defaults.
 */
import pg from 'pg'
import { ensureSchema } from '../extensions/as-platform'
import { PLATFORM_SCHEMA } from '../extensions/superuser-extensions'
import { isPlatformError } from '../kernel/errors'
import type { ProjectApiSettings } from './settings-type'

/** The server-wide defaults, in seconds. */
export const DEFAULT_TIMEOUTS: ProjectApiSettings['timeouts'] = { anon: 3, authenticated: 8 }

/** What PostgREST is told to call before each request (PGRST_DB_PRE_REQUEST). */
export const PRE_REQUEST_FUNCTION = `${PLATFORM_SCHEMA}.data_api_pre_request`

/** As the admin on the server's maintenance database: the defaults on the shared roles. */
export async function setDefaultTimeouts(client: Pick<pg.Client, 'query'>) {
  for (const [role, seconds] of Object.entries(DEFAULT_TIMEOUTS)) await client.query(`ALTER ROLE ${role} SET statement_timeout = ${pg.escapeLiteral(`${seconds}s`)}`)
}

/**
 * As the admin in the project's database: the function that sets this project's timeouts for
 * the request's role (a transaction-local setting, so it holds for that request only). Answers
 * whether it is there: false when the platform's schema there is not sealed.
 */
export async function installPreRequest(client: pg.Client, roles: { ownerRole: string; readOnlyRole: string }, timeouts: ProjectApiSettings['timeouts']): Promise<boolean> {
  try {
    await ensureSchema(client, roles)
  } catch (error) {
    if (!isPlatformError(error)) throw error
    console.warn(`[data-api] ${error.message} The project's data API keeps the default statement timeouts.`)
    return false
  }
  const seconds = (n: number) => pg.escapeLiteral(`${Math.trunc(n)}s`)
  // No SET clause: it would undo the setting as the function returns. Everything qualified.
  await client.query(`
    CREATE OR REPLACE FUNCTION ${PRE_REQUEST_FUNCTION}() RETURNS void LANGUAGE plpgsql AS $pre$
    BEGIN
      IF current_user OPERATOR(pg_catalog.=) 'anon' THEN
        PERFORM pg_catalog.set_config('statement_timeout', ${seconds(timeouts.anon)}, true);
      ELSIF current_user OPERATOR(pg_catalog.=) 'authenticated' THEN
        PERFORM pg_catalog.set_config('statement_timeout', ${seconds(timeouts.authenticated)}, true);
      END IF;
    END $pre$`)
  await client.query(`COMMENT ON FUNCTION ${PRE_REQUEST_FUNCTION}() IS 'The platform''s: the data API''s statement timeouts of this project (Project settings → API).'`)
  await client.query(`REVOKE ALL ON FUNCTION ${PRE_REQUEST_FUNCTION}() FROM PUBLIC`)
  // As on hosted projects, the API roles may use the platform's schema (its extensions' functions).
  await client.query(`GRANT USAGE ON SCHEMA ${PLATFORM_SCHEMA} TO anon, authenticated, service_role`)
  await client.query(`GRANT EXECUTE ON FUNCTION ${PRE_REQUEST_FUNCTION}() TO anon, authenticated, service_role`)
  return true
}
