/**
 * GoTrue answers a TOTP QR code as `data:image/svg+xml;utf-8,<svg …>` with the SVG as it is; its
 * `#` colours end a URL, so a browser shows a broken image. Encode the SVG before using it as a src.
 */
const PREFIX = 'data:image/svg+xml;utf-8,'

export function qrCodeSrc(qrCode: string): string {
  if (!qrCode.startsWith(PREFIX)) return qrCode
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.slice(PREFIX.length))}`
}
