/**
 * The support form's requests. Signed-in users only (the form still produces a report to copy
 * when nobody is signed in): a request is stored in the control plane and mailed to SUPPORT_EMAIL
 * when that and SMTP_URL are set.
 */
import { route } from './route'
import { supportRequestAnswer, supportRequestBody } from './support'

export const supportRoutes = {
  createSupportRequest: route({
    method: 'POST',
    path: '/platform/support/requests',
    body: supportRequestBody,
    answer: supportRequestAnswer,
    status: 201,
    maxBodyBytes: 64 * 1024,
    // A person writes to support a few times an hour at most; more is a loop or a flood.
    rateLimit: [{ bucket: 'support-requests', rule: 'supportRequestsPerUser', key: 'user' }],
  }),
}
