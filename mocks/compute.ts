/** Compute and Disk states that are hard to reach on the real platform (mocks/handlers.ts picks them by name). */
import { delay, http, HttpResponse, type RequestHandler } from 'msw'

export const computeScenarios: Record<string, RequestHandler[]> = {
  /** The compute size cannot be read: the page's error block with Try again. */
  'compute-500': [
    http.get('*/api/platform/projects/:ref/compute', () => HttpResponse.json({ code: 500, message: 'The platform is having a bad day.' }, { status: 500 })),
  ],
  /** The compute size never answers: the page's loading state. */
  'compute-loading': [
    http.get('*/api/platform/projects/:ref/compute', async () => {
      await delay('infinite')
      return HttpResponse.json({})
    }),
  ],
}
