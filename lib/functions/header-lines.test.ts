import { parseHeaderLines } from './header-lines'

describe('parseHeaderLines', () => {
  it('reads Name: value lines, skipping blank ones, values kept whole', () => {
    expect(parseHeaderLines('Content-Type: application/json\n\nX-Time: 10:30')).toEqual({ headers: { 'Content-Type': 'application/json', 'X-Time': '10:30' } })
  })

  it('names the line that is not a header', () => {
    expect(parseHeaderLines('A: 1\nnot a header')).toEqual({ error: 'Line 2 is not a header: write it as Name: value.' })
    expect(parseHeaderLines(': empty name')).toEqual({ error: 'Line 1 is not a header: write it as Name: value.' })
  })
})
