import { describe, expect, it } from 'vitest'
import { uploadLimitOf } from './settings'

describe('uploadLimitOf', () => {
  it("is the plan's upload size when the project sets none or a larger one", () => {
    expect(uploadLimitOf('free', null)).toEqual({ bytes: 50 * 1024 ** 2, sentence: "50 MB on this project's plan" })
    expect(uploadLimitOf('free', 60 * 1024 ** 2)).toEqual({ bytes: 50 * 1024 ** 2, sentence: "50 MB on this project's plan" })
  })

  it("is the project's own when it is smaller, and says so", () => {
    expect(uploadLimitOf('pro', 10 * 1024 ** 2)).toEqual({ bytes: 10 * 1024 ** 2, sentence: "10 MB in this project's storage settings" })
  })
})
