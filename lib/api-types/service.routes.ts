import { route } from './route'
import { runtimeConfig, utcTime } from './config'

export const serviceRoutes = {
  getConfig: route({ method: 'GET', path: '/config', auth: 'public', answer: runtimeConfig }),
  getUtcTime: route({ method: 'GET', path: '/get-utc-time', auth: 'public', answer: utcTime }),
}
