import { describe, expect, it } from 'vitest'
import { clientNetwork } from './client-network'

describe('clientNetwork', () => {
  it.each([
    // IPv4: the address itself.
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['010.0.0.1', '10.0.0.1'],
    // IPv6: the /64, however the address is written.
    ['2001:db8:1:2::10', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:abcd:ef01:2345:6789', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::1]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:3::10', '2001:db8:1:3::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    // IPv4-mapped IPv6: the IPv4 address.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    // Not an address: as given.
    ['unknown', 'unknown'],
    ['', ''],
    ['256.1.1.1', '256.1.1.1'],
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ['1::2::3', '1::2::3'],
    ['12345::1', '12345::1'],
  ])('%j → %j', (address, network) => {
    expect(clientNetwork(address)).toBe(network)
  })
})
