import { placeFloating, type PlacementOptions } from './anchored-position'

const viewport = { width: 1000, height: 800 }
const below: PlacementOptions = { side: 'bottom', align: 'start', gap: 4, margin: 8 }

describe('placeFloating', () => {
  it('goes below the anchor when it fits', () => {
    const anchor = { top: 100, bottom: 134, left: 50, width: 200 }
    expect(placeFloating(anchor, { width: 200, height: 240 }, viewport, below)).toEqual({
      side: 'bottom',
      top: 138,
      left: 50,
      available: 800 - 134 - 4 - 8,
    })
  })

  it('flips above when there is more room there and it does not fit below', () => {
    const anchor = { top: 700, bottom: 734, left: 50, width: 200 }
    expect(placeFloating(anchor, { width: 200, height: 240 }, viewport, below)).toEqual({
      side: 'top',
      bottom: 800 - 700 + 4,
      left: 50,
      available: 700 - 4 - 8,
    })
  })

  it('stays on the preferred side when neither side fits but it has more room', () => {
    const anchor = { top: 300, bottom: 334, left: 50, width: 200 }
    expect(placeFloating(anchor, { width: 200, height: 2000 }, viewport, below).side).toBe('bottom')
  })

  it('centres a tooltip over its anchor and keeps it inside the viewport', () => {
    const options: PlacementOptions = { side: 'top', align: 'center', gap: 6, margin: 8 }
    const centred = placeFloating({ top: 400, bottom: 420, left: 500, width: 100 }, { width: 60, height: 30 }, viewport, options)
    expect(centred).toMatchObject({ side: 'top', left: 520 })
    const atRightEdge = placeFloating({ top: 400, bottom: 420, left: 960, width: 40 }, { width: 200, height: 30 }, viewport, options)
    expect(atRightEdge.left).toBe(1000 - 8 - 200)
    const atTop = placeFloating({ top: 10, bottom: 30, left: 500, width: 100 }, { width: 60, height: 30 }, viewport, options)
    expect(atTop).toMatchObject({ side: 'bottom', top: 36 })
  })
})
