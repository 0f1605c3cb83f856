import type { functionRoutes } from '@/lib/api-types'
import { unique, type Examples } from './types'

/** A function no example deploys: the changes it names are refused with 404 for those who may make them. */
const NONE = 'no-such-function'

export const functionExamples: Examples<typeof functionRoutes> = {
  listFunctions: { path: (fx) => `/v1/projects/${fx.ref}/functions` },
  // A JSON body is not a deploy's multipart: refused (415) once the caller may deploy.
  deployFunction: { path: (fx) => `/v1/projects/${fx.ref}/functions/deploy?slug=f${unique().replace(/\D/g, '')}`, body: () => ({}), status: 415 },
  getFunction: { path: (fx) => `/v1/projects/${fx.ref}/functions/${NONE}`, status: 404 },
  getFunctionBody: { path: (fx) => `/v1/projects/${fx.ref}/functions/${NONE}/body`, status: 404 },
  updateFunction: { path: (fx) => `/v1/projects/${fx.ref}/functions/${NONE}`, body: () => ({ verify_jwt: false }), status: 404 },
  deleteFunction: { path: (fx) => `/v1/projects/${fx.ref}/functions/${NONE}`, status: 404 },
  listSecrets: { path: (fx) => `/v1/projects/${fx.ref}/secrets` },
  createSecrets: { path: (fx) => `/v1/projects/${fx.ref}/secrets`, body: () => [{ name: `MATRIX_${unique().replace(/\D/g, '')}`, value: 'x' }] },
  deleteSecrets: { path: (fx) => `/v1/projects/${fx.ref}/secrets`, body: () => ['NO_SUCH_SECRET'] },
}
