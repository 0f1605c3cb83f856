import type { CreateTaxIdBody, TaxId } from '@/lib/api-types'
import type { Platform } from '../platform'
import type { AuthUser, OrgAccess } from '../http/types'
import { PlatformError } from '../http/errors'

export async function listTaxIds(_platform: Platform, _org: OrgAccess): Promise<TaxId[]> {
  throw new PlatformError(501, 'Not built yet')
}
export async function addTaxId(_platform: Platform, _org: OrgAccess, _user: AuthUser, _body: CreateTaxIdBody): Promise<TaxId> {
  throw new PlatformError(501, 'Not built yet')
}
export async function removeTaxId(_platform: Platform, _org: OrgAccess, _user: AuthUser, _id: number): Promise<void> {
  throw new PlatformError(501, 'Not built yet')
}
