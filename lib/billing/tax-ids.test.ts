import { describe, expect, it } from 'vitest'
import { compactTaxIdValue, normalizeTaxIdValue, TAX_ID_TYPE_NAMES, TAX_ID_TYPES, taxIdExample, taxIdProblem } from './tax-ids'
import { createTaxIdBody } from '../api-types/billing'

const EU_MEMBERS = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']

describe('the tax id types', () => {
  it('cover the usual types, each with its countries', () => {
    expect(TAX_ID_TYPE_NAMES.length).toBeGreaterThanOrEqual(12)
    expect(TAX_ID_TYPE_NAMES).toEqual(expect.arrayContaining(['eu_vat', 'gb_vat', 'us_ein', 'au_abn', 'ca_bn', 'ch_vat', 'no_vat', 'in_gst', 'jp_cn', 'nz_gst', 'sg_uen', 'za_vat', 'br_cnpj', 'mx_rfc']))
    expect(new Set(TAX_ID_TYPE_NAMES).size).toBe(TAX_ID_TYPE_NAMES.length)
    expect([...(TAX_ID_TYPES.find((t) => t.type === 'eu_vat')?.countries ?? [])].sort()).toEqual(EU_MEMBERS)
  })

  it.each(TAX_ID_TYPES.flatMap((t) => t.countries.map((country) => [t.type, country] as const)))('%s in %s: its own example is valid', (type, country) => {
    const example = taxIdExample(type, country)!
    expect(taxIdProblem(type, example, country)).toBeNull()
  })
})

describe('taxIdProblem', () => {
  it.each([
    ['eu_vat', 'DE123456789', 'DE'],
    ['eu_vat', 'de 123 456 789', 'DE'],
    ['eu_vat', 'EL123456789', 'GR'],
    ['eu_vat', 'FR 40 303265045', 'FR'],
    ['eu_vat', 'NL123456789B01', 'NL'],
    ['eu_vat', 'ATU12345678', 'AT'],
    ['eu_vat', 'IE1234567WA', 'IE'],
    ['eu_vat', 'IE8Z49289F', 'IE'],
    ['eu_vat', 'ESX1234567X', 'ES'],
    ['eu_vat', 'BE 0123.456.789', 'BE'],
    ['gb_vat', 'GB123456789', 'GB'],
    ['gb_vat', 'GB 123 4567 89 123', 'GB'],
    ['us_ein', '12-3456789', 'US'],
    ['us_ein', '123456789', 'US'],
    ['au_abn', '51 824 753 556', 'AU'],
    ['au_abn', '53004085616', 'AU'],
    ['ca_bn', '123456789', 'CA'],
    ['ch_vat', 'CHE-123.456.789 MWST', 'CH'],
    ['ch_vat', 'CHE-123.456.789 TVA', 'CH'],
    ['ch_vat', 'che123456789iva', 'CH'],
    ['no_vat', '123456789MVA', 'NO'],
    ['in_gst', '27AAPFU0939F1ZV', 'IN'],
    ['jp_cn', '1234567891234', 'JP'],
    ['nz_gst', '49-091-850', 'NZ'],
    ['nz_gst', '123-456-789', 'NZ'],
    ['sg_uen', '201912345K', 'SG'],
    ['sg_uen', '12345678A', 'SG'],
    ['sg_uen', 'T09LL0001B', 'SG'],
    ['za_vat', '4123456789', 'ZA'],
    ['br_cnpj', '11.222.333/0001-81', 'BR'],
    ['br_cnpj', '11222333000181', 'BR'],
    ['mx_rfc', 'ABC010203AB9', 'MX'],
    ['mx_rfc', 'GODE561231GR8', 'MX'],
    ['kr_brn', '123-45-67890', 'KR'],
    ['ae_trn', '100123456700003', 'AE'],
  ])('%s %s (%s) is valid', (type, value, country) => expect(taxIdProblem(type, value, country)).toBeNull())

  it.each([
    ['eu_vat', 'DE12345678', 'DE', 'An EU VAT number for DE looks like DE123456789'],
    ['eu_vat', '123456789', 'DE', 'An EU VAT number for DE looks like DE123456789'],
    ['eu_vat', 'FR123456789', 'DE', 'An EU VAT number for DE looks like DE123456789'],
    ['eu_vat', 'GR123456789', 'GR', 'An EU VAT number for GR looks like EL123456789'],
    ['eu_vat', 'NL123456789', 'NL', 'An EU VAT number for NL looks like NL123456789B01'],
    ['eu_vat', 'FR1234567890', 'FR', 'An EU VAT number for FR looks like FRAB123456789'],
    ['eu_vat', 'AT12345678', 'AT', 'An EU VAT number for AT looks like ATU12345678'],
    ['gb_vat', 'GB12345678', 'GB', 'A UK VAT number looks like GB123456789'],
    ['us_ein', '12-345678', 'US', 'A US EIN looks like 12-3456789'],
    ['au_abn', '1234567890', 'AU', 'An Australian Business Number (ABN) looks like 51824753556'],
    ['ca_bn', '12345678A', 'CA', 'A Canadian Business Number (BN) looks like 123456789'],
    ['ch_vat', 'CHE-123.456.789', 'CH', 'A Swiss VAT number looks like CHE-123.456.789 MWST'],
    ['no_vat', '123456789', 'NO', 'A Norwegian VAT number looks like 123456789MVA'],
    ['in_gst', '27AAPFU0939F1AV', 'IN', 'An Indian GST number looks like 12ABCDE3456FGZH'],
    ['jp_cn', '123456789012', 'JP', 'A Japanese Corporate Number looks like 1234567891234'],
    ['nz_gst', '1234567', 'NZ', 'A New Zealand GST number looks like 123456789'],
    ['sg_uen', '123456789', 'SG', 'A Singapore UEN looks like 123456789F'],
    ['za_vat', '1123456789', 'ZA', 'A South African VAT number looks like 4123456789'],
    ['br_cnpj', '1122233300018', 'BR', 'A Brazilian CNPJ looks like 11.222.333/0001-81'],
    ['mx_rfc', 'AB010203AB9', 'MX', 'A Mexican RFC looks like ABC010203AB9'],
    ['kr_brn', '12345678', 'KR', 'A Korean Business Registration Number looks like 123-45-67890'],
    ['ae_trn', '12345', 'AE', 'A UAE Tax Registration Number (TRN) looks like 123456789012345'],
  ])('%s %s (%s): %s', (type, value, country, message) => expect(taxIdProblem(type, value, country)).toBe(message))

  it('checks the check digits of an ABN and a CNPJ', () => {
    const typo = 'This Australian Business Number (ABN) is not valid: its check digits do not match. Check it for a typo.'
    expect(taxIdProblem('au_abn', '51824753557', 'AU')).toBe(typo)
    expect(taxIdProblem('au_abn', '15824753556', 'AU')).toBe(typo)
    expect(taxIdProblem('br_cnpj', '11.222.333/0001-82', 'BR')).toMatch(/^This Brazilian CNPJ is not valid/)
    expect(taxIdProblem('br_cnpj', '11.222.333/0001-71', 'BR')).toMatch(/^This Brazilian CNPJ is not valid/)
    // Fourteen zeros pass the arithmetic but are no company's number.
    expect(taxIdProblem('br_cnpj', '00000000000000', 'BR')).toMatch(/^This Brazilian CNPJ is not valid/)
  })

  it('says which countries a type is for, and which type fits the country', () => {
    expect(taxIdProblem('gb_vat', 'GB123456789', 'DE')).toBe('A UK VAT number is for GB, not DE. For DE, use eu_vat')
    expect(taxIdProblem('eu_vat', 'GB123456789', 'GB')).toBe(`An EU VAT number is for an EU member country (${EU_MEMBERS.join(', ')}), not GB. For GB, use gb_vat`)
    expect(taxIdProblem('us_ein', '12-3456789', 'XK')).toBe('A US EIN is for US, not XK')
  })

  it('names the types when the type is unknown, and asks for a value when there is none', () => {
    expect(taxIdProblem('vat', 'DE123456789', 'DE')).toBe(`type must be one of ${TAX_ID_TYPE_NAMES.join(', ')}`)
    expect(taxIdProblem('eu_vat', ' - ', 'DE')).toBe('Enter the EU VAT number, e.g. DE123456789')
  })
})

describe('normalizeTaxIdValue', () => {
  it.each([
    ['eu_vat', 'de 123.456-789', 'DE123456789'],
    ['gb_vat', 'gb 123 4567 89', 'GB123456789'],
    ['us_ein', '123456789', '12-3456789'],
    ['us_ein', '12-3456789', '12-3456789'],
    ['ch_vat', 'che123456789mwst', 'CHE-123.456.789 MWST'],
    ['ch_vat', 'CHE-123.456.789 TVA', 'CHE-123.456.789 TVA'],
    ['br_cnpj', '11222333000181', '11.222.333/0001-81'],
    ['kr_brn', '1234567890', '123-45-67890'],
    ['au_abn', '51 824 753 556', '51824753556'],
    ['in_gst', '27aapfu0939f1zv', '27AAPFU0939F1ZV'],
  ])('%s %s → %s', (type, value, stored) => expect(normalizeTaxIdValue(type, value)).toBe(stored))

  it('gives two spellings of one id the same value, and leaves a value without the format compact', () => {
    expect(normalizeTaxIdValue('us_ein', '12 345 6789')).toBe(normalizeTaxIdValue('us_ein', '12-3456789'))
    expect(normalizeTaxIdValue('us_ein', '12-34')).toBe('1234')
    expect(normalizeTaxIdValue('unknown', 'ab.c')).toBe('ABC')
    expect(compactTaxIdValue(' ab-1.2/3 ')).toBe('AB123')
  })
})

describe('createTaxIdBody (the API contract)', () => {
  it('accepts a tax id written loosely', () => {
    expect(createTaxIdBody.safeParse({ type: ' EU_VAT ', value: 'de 123 456 789', country: 'de' }).success).toBe(true)
  })

  it('refuses a value without the format, with the message on the value', () => {
    const result = createTaxIdBody.safeParse({ type: 'eu_vat', value: 'DE1', country: 'DE' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['value'], message: 'An EU VAT number for DE looks like DE123456789' })])
  })
})
