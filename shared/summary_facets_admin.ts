import { FACET_LABELS } from './summary_filters.js'

/**
 * The facets of the summary dashboard whose values live in the product's own dictionaries (the
 * others are providers, GICS sectors and research themes, administered where they belong).
 */
export const DICTIONARY_FACETS = [
  'providertypes',
  'geographies',
  'factors',
  'researchstyles',
  'assetclasses',
  'indices',
  'pricetypes',
  'rankingpriorities',
] as const

export type DictionaryFacet = (typeof DICTIONARY_FACETS)[number]

export const FACET_NAME_MAX = 120

export interface FacetDictionaryValue {
  id: number
  name: string
  /** What stored rows say that ties them to the value (a provider type, a price type…). */
  code: string | null
  /** Providers and products tagged with the value. */
  providers: number
  products: number
}

export type FacetDictionaries = Record<DictionaryFacet, FacetDictionaryValue[]>

export function isDictionaryFacet(value: unknown): value is DictionaryFacet {
  return typeof value === 'string' && (DICTIONARY_FACETS as readonly string[]).includes(value)
}

export const DICTIONARY_FACET_LABELS: Record<DictionaryFacet, string> = Object.fromEntries(
  DICTIONARY_FACETS.map((facet) => [facet, FACET_LABELS[facet]])
) as Record<DictionaryFacet, string>
