import db from '@adonisjs/lucid/services/db'

export interface DashboardProduct {
  key: string
  name: string
  description: string | null
  modules: { internalName: string; name: string }[]
}

/**
 * The current team's products with the modules it holds, in one query.
 */
export async function dashboardForTeam(teamId: number): Promise<DashboardProduct[]> {
  const rows: {
    product_key: string
    product_name: string
    description: string | null
    internal_name: string
    module_name: string
  }[] = await db
    .from('team_modules')
    .join('modules', 'modules.id', 'team_modules.module_id')
    .join('products', 'products.id', 'modules.product_id')
    .where('team_modules.team_id', teamId)
    .select(
      'products.key as product_key',
      'products.name as product_name',
      'products.description',
      'modules.internal_name',
      'modules.name as module_name'
    )
    .orderBy([
      { column: 'products.sort_order', order: 'asc' },
      { column: 'modules.name', order: 'asc' },
    ])

  const products = new Map<string, DashboardProduct>()
  for (const row of rows) {
    const product = products.get(row.product_key) ?? {
      key: row.product_key,
      name: row.product_name,
      description: row.description,
      modules: [],
    }
    product.modules.push({ internalName: row.internal_name, name: row.module_name })
    products.set(row.product_key, product)
  }
  return [...products.values()]
}
