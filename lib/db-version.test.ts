import { shortDbVersion } from './db-version'

it.each([
  ['PostgreSQL 15.18 (Debian 15.18-0+deb12u1) on x86_64-pc-linux-gnu, compiled by gcc 12.2.0, 64-bit', 'PostgreSQL 15.18 (Debian 15.18-0+deb12u1)'],
  ['PostgreSQL 17.6 on x86_64-pc-linux-gnu, compiled by gcc (GCC) 8.5.0, 64-bit', 'PostgreSQL 17.6'],
  ['PostgreSQL 16.2', 'PostgreSQL 16.2'],
  [null, null],
])('%s → %s', (input, expected) => expect(shortDbVersion(input)).toBe(expected))
