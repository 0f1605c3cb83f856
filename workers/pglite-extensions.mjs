// The extension modules every project's PGlite opens with. A data dir must be reopened with every
// extension it ever created, so this list is the same for every instance, always. Only add to it:
// removing one breaks data dirs that use it.
//
// Only modules whose control file says `trusted = true`: their scripts run while `postgres` holds
// the superuser lent by HARDEN (pglite-worker.mjs), and Postgres itself vouches only for trusted
// scripts being safe to run that way for a non-superuser. So not pgvector (its control file is not
// marked trusted), amcheck, bloom, dict_xsyn, earthdistance, file_fdw, pageinspect,
// pg_buffercache, pg_freespacemap, pg_stat_statements, pg_surgery, pg_visibility, pg_walinspect or
// the spi modules (moddatetime …), though PGlite ships them.
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { dict_int } from '@electric-sql/pglite/contrib/dict_int'
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { hstore } from '@electric-sql/pglite/contrib/hstore'
import { intarray } from '@electric-sql/pglite/contrib/intarray'
import { isn } from '@electric-sql/pglite/contrib/isn'
import { lo } from '@electric-sql/pglite/contrib/lo'
import { ltree } from '@electric-sql/pglite/contrib/ltree'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { seg } from '@electric-sql/pglite/contrib/seg'
import { tablefunc } from '@electric-sql/pglite/contrib/tablefunc'
import { tcn } from '@electric-sql/pglite/contrib/tcn'
import { tsm_system_rows } from '@electric-sql/pglite/contrib/tsm_system_rows'
import { tsm_system_time } from '@electric-sql/pglite/contrib/tsm_system_time'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'

export const EXTENSIONS = {
  citext,
  hstore,
  ltree,
  pg_trgm,
  pgcrypto,
  uuid_ossp,
  btree_gin,
  btree_gist,
  cube,
  dict_int,
  fuzzystrmatch,
  intarray,
  isn,
  lo,
  seg,
  tablefunc,
  tcn,
  tsm_system_rows,
  tsm_system_time,
  unaccent,
}
