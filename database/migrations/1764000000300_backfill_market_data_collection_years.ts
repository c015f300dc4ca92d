import { BaseSchema } from '@adonisjs/lucid/schema'
import { legacyCollectionYear } from '#shared/data_collection_rounds'

/**
 * Market data collections made before collections had a year get one: the year their name gives
 * ("Market data contracts 2026"), else their due date's. A round then finds a team already asked
 * for a year whatever the collection's age, and lists each year's collections together.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      const rows = await db
        .from('data_collections')
        .where('kind', 'market_data')
        .whereNull('year')
        .select('id', 'name', 'due_date')
      const byYear = new Map<number, number[]>()
      for (const row of rows) {
        const due = row.due_date instanceof Date ? row.due_date.toISOString() : row.due_date
        const year = legacyCollectionYear(String(row.name), due ? String(due) : null)
        if (year === null) continue
        byYear.set(year, [...(byYear.get(year) ?? []), Number(row.id)])
      }
      for (const [year, ids] of byYear) {
        for (let index = 0; index < ids.length; index += 500) {
          await db
            .from('data_collections')
            .whereIn('id', ids.slice(index, index + 500))
            .update({ year })
        }
      }
    })
  }

  async down() {
    // The years stay: nothing before this read them.
  }
}
