import type { NextApiRequest, NextApiResponse } from 'next'

// The platform reads bodies itself (same code as the plain node server used by tests).
export const config = { api: { bodyParser: false, responseLimit: false } }

/**
 * The platform's code is loaded at this route's first request, not when Next preloads its routes
 * at start-up: `npm start` answers the API beside Next and never calls this route
 * (scripts/serve.mjs). The build still gives this route a copy of that code of its own.
 */
const platformCode = () => import('@/server/http/published-handler')

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const { handleNodeRequest, getPlatform } = await platformCode()
  return handleNodeRequest(req, res, getPlatform())
}
