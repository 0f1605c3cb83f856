import { describe, expect, it } from 'vitest'
import { LineBudget } from './log-budget'

describe("a project's budget of printed lines", () => {
  it('takes a burst, refuses past it, refills with time and says how many it refused', () => {
    let now = 0
    const budget = new LineBudget(10, 5, () => now)
    for (let i = 0; i < 5; i++) expect(budget.take()).toBe(0)
    expect(budget.take()).toBeNull()
    expect(budget.take()).toBeNull()
    now += 100 // one line's worth at 10 a second
    expect(budget.take()).toBe(2)
    expect(budget.take()).toBeNull()
    now += 10_000 // refilled, never past the burst
    for (let i = 0; i < 5; i++) expect(budget.take()).not.toBeNull()
    expect(budget.take()).toBeNull()
  })
})
