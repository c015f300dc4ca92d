import { SimplePaginator } from '@adonisjs/lucid/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'

/**
 * A page of `rows` whose total is counted by `count`: the same table with the same filters,
 * without the joins that only add columns to the page. Lucid's `paginate` counts the page's own
 * query wrapped in a subquery, so a left join that filters nothing is still read for every row
 * of the table; counting the table alone gives the same total for a fraction of the work.
 *
 * The same statements in the same order as `paginate`: the count, then the page unless there is
 * nothing to show.
 */
export async function paginateCounted(
  rows: DatabaseQueryBuilderContract,
  count: DatabaseQueryBuilderContract,
  page: number,
  perPage: number
) {
  const [row] = await count.count('* as total')
  const total = Number(row?.total ?? 0)
  const results = total > 0 ? await rows.forPage(page, perPage) : []
  return new SimplePaginator(total, perPage, page, ...results)
}
