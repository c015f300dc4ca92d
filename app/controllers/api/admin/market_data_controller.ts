import type { HttpContext } from '@adonisjs/core/http'
import { productBenchmarkValidator } from '#validators/admin_market_data'
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
}
