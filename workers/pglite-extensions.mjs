// The extension modules every project's PGlite opens with. A data dir must be reopened with every
// extension it ever created, so this list is the same for every instance, always. Only add to it:
// removing one breaks data dirs that use it.
import { citext } from '@electric-sql/pglite/contrib/citext'
import { hstore } from '@electric-sql/pglite/contrib/hstore'
import { ltree } from '@electric-sql/pglite/contrib/ltree'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'

export const EXTENSIONS = { citext, hstore, ltree, pg_trgm, pgcrypto, uuid_ossp }
