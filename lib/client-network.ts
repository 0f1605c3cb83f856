/**
 * The network a client address belongs to, for limits and "known address" records that should
 * treat one subscriber as one caller: an IPv4 address is its own network, an IPv6 address is its
 * /64 (a household or host usually gets a whole /64 and picks addresses in it at will, e.g.
 * privacy addresses that change daily), and an IPv4-mapped IPv6 address is the IPv4 address.
 * Anything that is not an IP address is answered as given, trimmed and lower-cased.
 *
 * Pure (no node:net) so that both server and browser code may use it.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

function ipv4(text: string): string | null {
  const m = IPV4.exec(text)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.every((n) => n <= 255) ? parts.join('.') : null
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two), or null. */
function ipv6Groups(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/.test(text) || text.split('::').length > 2) return null
  const side = (part: string): number[] | null => {
    if (part === '') return []
    const groups: number[] = []
    const pieces = part.split(':')
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4(piece)
        if (!v4) return null
        const [a, b, c, d] = v4.split('.').map(Number)
        groups.push((a << 8) | b, (c << 8) | d)
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) groups.push(parseInt(piece, 16))
      else return null
    }
    return groups
  }
  const [head, tail] = text.split('::')
  const left = side(head)
  const right = tail === undefined ? [] : side(tail)
  if (!left || !right) return null
  if (tail === undefined) return left.length === 8 ? left : null
  const missing = 8 - left.length - right.length
  return missing >= 1 ? [...left, ...Array<number>(missing).fill(0), ...right] : null
}

/** `203.0.113.7` → `203.0.113.7`; `2001:db8:1:2::99` → `2001:db8:1:2::/64`; `::ffff:203.0.113.7` → `203.0.113.7`. */
export function clientNetwork(address: string): string {
  // Brackets ([::1]) and a zone (fe80::1%eth0) are not part of the address.
  const text = address.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
  const v4 = ipv4(text)
  if (v4) return v4
  const groups = ipv6Groups(text)
  if (!groups) return address.trim().toLowerCase()
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.')
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`
}
