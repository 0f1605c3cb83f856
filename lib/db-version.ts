/** 'PostgreSQL 15.8 (Debian 15.8-1) on x86_64-pc-linux-gnu, compiled by …' → 'PostgreSQL 15.8 (Debian 15.8-1)'. */
export function shortDbVersion(version: string | null | undefined): string | null {
  if (!version) return null
  return version.split(' on ')[0].split(', compiled by')[0].trim()
}
