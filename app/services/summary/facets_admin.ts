import db from '@adonisjs/lucid/services/db'
import { fieldError } from '#services/http/field_error'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { audit } from '#services/audit/audit'
import { now } from '#services/calendar/clock'
import {
  DICTIONARY_FACETS,
  type DictionaryFacet,
  type FacetDictionaries,
} from '#shared/summary_facets_admin'

/**
 * The summary dashboard's facet dictionaries as administrators see them: every value with its
 * fixed id, its name and the providers and products tagged with it (two queries). Names can be
 * changed; ids never (saved filters, shared addresses and the spec's `researchstyle_id-4` name
 * them).
 */
export async function facetDictionaries(): Promise<FacetDictionaries> {
  const [values, tagged] = await Promise.all([
    db
      .from('summary_facet_values')
      .whereIn('category', [...DICTIONARY_FACETS])
      .select('category', 'id', 'name', 'code', 'updated_at')
      .orderBy('sort_order')
      .orderBy('id'),
    db
      .from('summary_facet_tags')
      .whereIn('category', [...DICTIONARY_FACETS])
      .groupBy('category', 'value_id', 'subject_type')
      .select('category', 'value_id', 'subject_type')
      .count('* as total'),
  ])
  const dictionaries = Object.fromEntries(
    DICTIONARY_FACETS.map((facet) => [facet, []])
  ) as unknown as FacetDictionaries
  for (const value of values) {
    const uses = tagged.filter(
      (row) => row.category === value.category && Number(row.value_id) === Number(value.id)
    )
    const count = (type: string) =>
      Number(uses.find((row) => row.subject_type === type)?.total ?? 0)
    dictionaries[value.category as DictionaryFacet].push({
      id: Number(value.id),
      name: value.name,
      code: value.code,
      providers: count('provider'),
      products: count('product'),
    })
  }
  return dictionaries
}

/**
 * Renames a facet value: the name trimmed, not empty, at most 120 characters and unique in its
 * facet. One transaction, audited; nothing changes when the name is the same.
 */
export async function renameFacetValue(
  userId: number,
  facet: DictionaryFacet,
  id: number,
  name: string
) {
  const trimmed = name.trim()
  return db.transaction(async (trx) => {
    const value = await trx
      .from('summary_facet_values')
      .where({ category: facet, id })
      .select('name')
      .forUpdate()
      .first()
    if (!value) throw new NotFoundForTeam('Facet value not found')
    if (value.name === trimmed) return { id, name: trimmed, changed: false }
    const clash = await trx
      .from('summary_facet_values')
      .where('category', facet)
      .whereNot('id', id)
      .whereRaw('lower(name) = ?', [trimmed.toLowerCase()])
      .first()
    if (clash) throw fieldError('name', `“${trimmed}” is already a value of this facet.`)
    await trx
      .from('summary_facet_values')
      .where({ category: facet, id })
      .update({ name: trimmed, updated_at: now().toFormat(trx.dialect.dateTimeFormat) })
    await audit(trx, {
      userId,
      entityType: 'summary_facet_value',
      entityId: id,
      action: 'update',
      summary: `Renamed ${facet} value ${id}: ${value.name} → ${trimmed}`,
      before: { facet, id, name: value.name },
      after: { facet, id, name: trimmed },
    })
    return { id, name: trimmed, changed: true }
  })
}
