import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { latestMarketTrendsReport, marketTrends } from '#services/rsa/market_trends'
import { sendStoredFile } from '#services/http/stored_file'
import { cachedPeerFigures } from '#services/rsa/figures_cache'
import { rsaView } from '#services/rsa/view'
import { NotFoundForTeam } from '#services/market_data/benchmarks'

export default class MarketTrendsController {
  /** The market trends report page (RSAMarketTrendsReport): the latest PDF and its trends. */
  async show(ctx: HttpContext) {
    const view = await rsaView(ctx)
    const [report, trends] = await Promise.all([
      latestMarketTrendsReport(),
      cachedPeerFigures(
        'market-trends',
        view,
        // The years shown follow the clock as well as the statistics.
        { allYears: true, variant: String(view.years.current) },
        () => marketTrends(view.teamId, { years: view.years.years })
      ),
    ])
    return ctx.inertia.render('rsa/market_trends', { report, trends })
  }

  /** A published report's PDF (published reports are for every client of the area). */
  async file({ params, response }: HttpContext) {
    const report = await db
      .from('rsa_market_trends_reports')
      .where('id', Number(params.id))
      .select('stored_file_name', 'title')
      .first()
    if (!report) throw new NotFoundForTeam('Report not found')
    return sendStoredFile(response, report.stored_file_name, `${report.title}.pdf`)
  }
}
