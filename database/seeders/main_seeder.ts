import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { errors } from '@vinejs/vine'
import {
  seedDemoUniverse,
  DEMO_ACCOUNTS,
  demoPassword,
  NORTHBRIDGE_PASSWORD_MIN_LENGTH,
} from '#database/demo/demo_universe'
import { ensureReferenceData } from '#services/accounts/reference_data'
import { assertNewAccountPassword } from '#services/auth/password_policy'
import { seedResearchSpendDocuments } from '#database/demo/research_documents'
import { seedResearchInsights } from '#database/demo/research_insights'
import { seedResearchUsage } from '#database/demo/research_usage'
import { seedAnalystMapping } from '#database/demo/analyst_mapping'
import { seedInsightsReports } from '#database/demo/insights_reports'
import { seedSummaryFacets } from '#database/demo/summary_facets'

/** A refusal to seed, with what to do about it. Nothing has been written. */
export class SeedRefused extends Error {}

/**
 * Reference data always; the demo universe (teams, users) only into an empty database outside
 * production. Checked first: the tables exist, and the demo password meets the password
 * policy for every demo account.
 */
export default class MainSeeder extends BaseSeeder {
  async run() {
    if (!(await this.client.schema.hasTable('users'))) {
      throw new SeedRefused(
        'The database has no tables yet. Run "node ace migration:run" first, then db:seed again.'
      )
    }

    const users = await this.client.from('users').count('* as total').first()
    const seedsDemo = Number(users?.total ?? 0) === 0 && process.env.NODE_ENV !== 'production'
    if (seedsDemo) await assertDemoPassword(demoPassword())

    await this.client.transaction(async (trx) => ensureReferenceData(trx))
    if (Number(users?.total ?? 0) > 0) {
      console.log('Users already exist: demo accounts were not created again.')
      return
    }
    if (!seedsDemo) {
      console.log('Production: reference data only, no demo accounts.')
      return
    }
    await this.client.transaction(async (trx) => seedDemoUniverse(trx))
    // Made by the product from the committed figures: reports and a committee snapshot (PDFs).
    await seedResearchSpendDocuments()
    // Research Insights: themes, documents with their PDFs and search text, entitlements, the
    // analyst's stars and reads; the trending snapshots are computed from the committed rows.
    const insights = await seedResearchInsights()
    if (insights) {
      console.log(
        'Research Insights: %d themes, %d documents, %d weekly trending snapshots (%s s)',
        insights.themes,
        insights.documents,
        insights.snapshots,
        insights.seconds.toFixed(1)
      )
    }
    // How the Research Insights teams used it: reads, searches, digests and their clicks.
    const usage = await seedResearchUsage()
    if (usage) {
      console.log(
        'Research usage: %d reads, %d searches, %d digests sent, %d digest links followed',
        usage.reads,
        usage.searches,
        usage.digests,
        usage.clicks
      )
    }
    // Providers / analyst mapping: the research providers' analysts, their coverage and moves
    // over the demo's years, the demo teams' interactions linked to them; the statistics
    // computed from them.
    const mapping = await seedAnalystMapping()
    if (mapping) {
      console.log(
        'Analyst mapping: %d analysts (%d at a provider), %d moves, %d coverage rows, %d of %d demo interactions mapped, %d provider statistics (%s s)',
        mapping.analysts,
        mapping.active,
        mapping.moves,
        mapping.coverages,
        mapping.mappedInteractions,
        mapping.interactions,
        mapping.statisticsRows,
        mapping.seconds.toFixed(1)
      )
    }
    // The summary dashboard's facets again, now with the research published: the providers'
    // regions, sectors and asset classes of their documents and the themes they write about.
    const facets = await this.client.transaction((trx) => seedSummaryFacets(trx))
    console.log(
      'Summary facets: %d tags on %d providers and %d products, %d ranking priorities',
      facets.tags,
      facets.providers,
      facets.products,
      facets.priorities
    )
    // Insights Reports: the service's own studies (PDFs) for every team, product holders or
    // one team; the colleagues who were notified and read them, the analyst's unread ones.
    const reports = await seedInsightsReports()
    if (reports) {
      console.log(
        'Insights reports: %d reports (%d private, %d withdrawn) in %d categories with %d tags, %d PDFs (%d pages, %s MB), %d reads, %d notifications, %d downloads; the demo analyst has %d unread in Northbridge (%s s)',
        reports.reports,
        reports.privateReports,
        reports.withdrawn,
        reports.categories,
        reports.tags,
        reports.files,
        reports.pages,
        (reports.bytes / 1_048_576).toFixed(1),
        reports.reads,
        reports.notifications,
        reports.downloads,
        reports.analystUnread,
        reports.seconds.toFixed(1)
      )
    }
    console.log('\nDemo accounts (password: %s)', demoPassword())
    for (const account of DEMO_ACCOUNTS) {
      console.log('  %s  %s', account.email.padEnd(28), account.description)
    }
  }
}

/**
 * The demo accounts are real accounts: their password follows the policy the web applies
 * (for each account's name and email, and Northbridge's longer minimum).
 */
export async function assertDemoPassword(password: string) {
  for (const account of DEMO_ACCOUNTS) {
    try {
      await assertNewAccountPassword(password, {
        email: account.email,
        name: account.name,
        teamIds: [],
        minLength: (account.teamNames as readonly string[]).includes('Northbridge Asset Management')
          ? NORTHBRIDGE_PASSWORD_MIN_LENGTH
          : undefined,
      })
    } catch (error) {
      if (!(error instanceof errors.E_VALIDATION_ERROR)) throw error
      const reasons = (error.messages as { message: string }[]).map((entry) => entry.message)
      throw new SeedRefused(
        `DEMO_PASSWORD does not meet the password policy (demo account ${account.email}): ${reasons.join(' ')} Choose another (or unset it to use the default), then run db:seed again. Nothing was written.`
      )
    }
  }
}
