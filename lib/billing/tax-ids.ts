/**
 * Tax ids an organization's statements carry, by type (the usual names: eu_vat, gb_vat, us_ein,
 * au_abn …): which countries each is for and the format of its value.
 */
export type TaxIdType = {
  type: string
  label: string
  /** ISO 3166-1 alpha-2 codes the type is for. */
  countries: readonly string[]
  example: string
}

export const TAX_ID_TYPES: readonly TaxIdType[] = [
  { type: 'eu_vat', label: 'EU VAT number', countries: ['DE'], example: 'DE123456789' },
  { type: 'gb_vat', label: 'UK VAT number', countries: ['GB'], example: 'GB123456789' },
  { type: 'us_ein', label: 'US EIN', countries: ['US'], example: '12-3456789' },
  { type: 'au_abn', label: 'Australian Business Number (ABN)', countries: ['AU'], example: '12345678912' },
]

export const TAX_ID_TYPE_NAMES = TAX_ID_TYPES.map((t) => t.type)

/** Why a tax id is not valid, in words a person understands; null when it is. */
export function taxIdProblem(type: string, value: string, country: string): string | null {
  const known = TAX_ID_TYPES.find((t) => t.type === type)
  if (!known) return `type must be one of ${TAX_ID_TYPE_NAMES.join(', ')}`
  if (!known.countries.includes(country)) return `A ${known.label} is for ${known.countries.join(', ')}, not ${country}`
  if (!value) return `Enter the ${known.label}, e.g. ${known.example}`
  return null
}
