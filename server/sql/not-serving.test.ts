import { describe, expect, it } from 'vitest'
import { TRANSITIONAL_STATUSES } from '@/lib/api-types'
import { notServingMessage } from './not-serving'

describe('notServingMessage', () => {
  // A project on its way (not merely coming up) says what is happening to it, not "not ready".
  it.each(TRANSITIONAL_STATUSES.filter((s) => s !== 'COMING_UP'))('says why a %s project does not run SQL', (status) => {
    const message = notServingMessage(status)
    expect(message).not.toMatch(/is not ready/)
    expect(message).toContain(`(status ${status})`)
  })

  it('says a resize restarts the connections once', () => {
    expect(notServingMessage('RESIZING')).toMatch(/compute size is being changed/)
  })
})
