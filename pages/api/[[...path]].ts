import type { NextApiRequest, NextApiResponse } from 'next'
import { handleNodeRequest } from '@/server/http/handler'
import { getPlatform } from '@/server/platform'

// The platform reads bodies itself (same code as the plain node server used by tests).
export const config = { api: { bodyParser: false, responseLimit: false } }

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  return handleNodeRequest(req, res, getPlatform())
}
