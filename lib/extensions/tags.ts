/** The tags an extension of the catalogue carries (SPEC §9), in the order the tag filter shows them. */
export const EXTENSION_TAGS = [
  'Utility',
  'Admin',
  'Index',
  'Search',
  'Geo',
  'Data Type',
  'Audit',
  'Language',
  'AI',
  'Security',
  'Network',
  'Foreign Data',
  'Time Series',
  'Testing',
] as const

export type ExtensionTag = (typeof EXTENSION_TAGS)[number]
