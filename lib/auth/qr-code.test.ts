import { qrCodeSrc } from './qr-code'

describe('QR code src', () => {
  it('encodes the raw SVG of a GoTrue QR code, so that # does not end the URL', () => {
    const src = qrCodeSrc('data:image/svg+xml;utf-8,<svg><path fill="#000000"/></svg>')
    expect(src).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%3E%3Cpath%20fill%3D%22%23000000%22%2F%3E%3C%2Fsvg%3E')
    expect(src).not.toContain('#')
  })

  it('leaves anything else as it is', () => {
    expect(qrCodeSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
  })
})
