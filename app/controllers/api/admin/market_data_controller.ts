import type { HttpContext } from '@adonisjs/core/http'
import { productBenchmarkValidator, saveCategoryValidator } from '#validators/admin_market_data'
import {
  loadClassification,
  saveClassification,
  type ClassificationTree,
} from '#services/market_data/classification'
import { wizardProvider } from '#services/market_data/admin_benchmarks'
import {
  contractProductBenchmarks,
  destroyProductBenchmark,
  destroySubProductBenchmark,
  storeProductBenchmark,
  updateProductBenchmark,
} from '#services/market_data/admin_benchmarks'

/**
 * The admin product benchmark calls of spec §7. Every write is validated whole, runs in one
 * transaction and leaves an audit entry.
 */
export default class AdminMarketDataController {
  async contractBenchmarks({ params }: HttpContext) {
    return { product_benchmarks: await contractProductBenchmarks(Number(params.id)) }
  }

  async store({ auth, request }: HttpContext) {
    const payload = await request.validateUsing(productBenchmarkValidator)
    return { product_benchmark: await storeProductBenchmark(auth.user!.id, payload) }
  }

  async update({ auth, params, request }: HttpContext) {
    const payload = await request.validateUsing(productBenchmarkValidator)
    return {
      product_benchmark: await updateProductBenchmark(auth.user!.id, Number(params.id), payload),
    }
  }

  async destroy({ auth, params }: HttpContext) {
    return destroyProductBenchmark(auth.user!.id, Number(params.id))
  }

  async destroySubProduct({ auth, params }: HttpContext) {
    return destroySubProductBenchmark(auth.user!.id, Number(params.id))
  }

  /**
   * A provider's classification: categories → types → products, and drivers with options.
   */
  async categories({ params }: HttpContext) {
    const provider = await wizardProvider(params.providerKey)
    return loadClassification(provider.id)
  }

  /**
   * Saves the whole tree atomically; blank or duplicate sibling names refuse it with messages.
   */
  async saveCategory({ auth, request }: HttpContext) {
    const { category } = await request.validateUsing(saveCategoryValidator)
    const tree: ClassificationTree = {
      categories: category.categories.map((entry) => ({
        id: entry.id,
        name: entry.name ?? '',
        types: entry.types.map((type) => ({
          id: type.id,
          name: type.name ?? '',
          products: type.products.map((product) => ({ id: product.id, name: product.name ?? '' })),
        })),
      })),
      drivers: category.drivers.map((driver) => ({
        id: driver.id,
        name: driver.name ?? '',
        is_numeric: driver.is_numeric,
        unit: driver.unit ?? null,
        driver_options: driver.driver_options.map((option) => ({
          id: option.id,
          label: option.label ?? '',
          value: option.value,
        })),
      })),
    }
    return saveClassification(auth.user!.id, category.provider_key, tree)
  }
}
