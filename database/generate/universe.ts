import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CURRENCIES } from '#services/accounts/reference_data'
import { createContext, type DemoRows, type Reference } from '#database/generate/context'
import { generateAccounts, teamNames, type GeneratedAccounts } from '#database/generate/accounts'
import { generateMarketData, type GeneratedProvider } from '#database/generate/market_data'
import { generateContracts, type ContractSample } from '#database/generate/contracts'
import {
  generateAuditLogs,
  generateFeedback,
  generateInsights,
  generateSecurityEvents,
} from '#database/generate/activity'
import { generateResearchSpend } from '#database/generate/research_spend'
import {
  generateResearchInsights,
  snapshotResearchTrends,
} from '#database/generate/research_insights'
import { generateAnalystMapping } from '#database/generate/analyst_mapping'
import { type DateTime } from 'luxon'
import * as clock from '#services/calendar/clock'
import { recomputeRsaStatistics } from '#services/rsa/benchmarks'
import { Random } from '#database/generate/random'
import { SCALES, type ScaleName } from '#database/generate/scales'
import { seedSummaryFacets } from '#database/demo/summary_facets'

/** A refusal to generate, with what to do about it. Nothing has been written. */
export class GenerationRefused extends Error {}

/** The name the first generated team takes at every scale: its presence marks a universe. */
export function firstGeneratedTeamName() {
  return teamNames(new Random('spendlens:accounts'), 1)[0]
}

/**
 * Checks that the demo seed is there and no generated universe is, and reads the reference
 * rows. Refuses (GenerationRefused) otherwise.
 */
export async function preflight(trx: TransactionClientContract) {
  if (!(await trx.schema.hasTable('users'))) {
    throw new GenerationRefused(
      'The database has no tables yet. Run "node ace migration:run" and "node ace db:seed" first.'
    )
  }
  const northbridge = await trx
    .from('teams')
    .where('name', 'Northbridge Asset Management')
    .select('id', 'currency_id')
    .first()
  const helvetia = await trx
    .from('teams')
    .where('name', 'Helvetia Capital Partners')
    .select('id', 'currency_id')
    .first()
  const analyst = await trx.from('users').where('email', 'analyst@example.com').select('id').first()
  const licenseTypes = await trx.from('license_types').select('id', 'key').orderBy('id')
  const aumRanges = await trx.from('aum_ranges').select('id', 'sort_order').orderBy('sort_order')
  if (!northbridge || !helvetia || !analyst || !licenseTypes.length || !aumRanges.length) {
    throw new GenerationRefused(
      'The demo seed is missing: demo:generate adds to the demo universe. Run "node ace db:seed" on a freshly migrated database first.'
    )
  }
  const existing = await trx.from('teams').where('name', firstGeneratedTeamName()).first()
  if (existing) {
    throw new GenerationRefused(
      'A generated universe is already in this database. Start again from a fresh one ("node ace migration:fresh --force", then "node ace db:seed") to generate another.'
    )
  }

  const currencies = await trx.from('currencies').select('id', 'code').orderBy('id')
  const modules = await trx.from('modules').select('id', 'internal_name')
  const roles = await trx.from('roles').select('id', 'name')
  const reference: Reference = {
    currencies: currencies.map((row) => ({
      id: row.id,
      code: row.code,
      usdPerUnit: Number(CURRENCIES.find((entry) => entry.code === row.code)?.usdPerUnit ?? 1),
    })),
    teamTypes: await trx.from('team_types').select('id', 'key').orderBy('id'),
    modules: new Map(modules.map((row) => [row.internal_name as string, row.id as number])),
    roles: new Map(roles.map((row) => [row.name as string, row.id as number])),
    licenseTypes: licenseTypes.map((row) => ({ id: row.id, key: row.key })),
    aumRanges: aumRanges.map((row) => ({ id: row.id, sortOrder: row.sort_order })),
  }
  const demo: DemoRows = {
    northbridgeId: northbridge.id,
    northbridgeCurrencyId: northbridge.currency_id,
    helvetiaId: helvetia.id,
    helvetiaCurrencyId: helvetia.currency_id,
    analystId: analyst.id,
  }
  return { reference, demo }
}

export interface GenerationInput {
  scaleName: ScaleName
  passwordHash: string
  /** When the run happens (password ages); default now. */
  runAt?: number
  /** The day the universe is generated for (its calendar); default today. */
  today?: DateTime
}

/** One step of a generation: its title and what it writes. */
export interface GenerationStep {
  title: string
  run: (progress: (done: number, total: number) => void) => Promise<void>
}

/**
 * Plans the addition of a synthetic universe of the given scale to a demo-seeded database, in
 * the caller's transaction: checks first (refusing with GenerationRefused), then the steps to
 * run in order, and the rows written per table once they have run.
 */
export async function planUniverse(trx: TransactionClientContract, input: GenerationInput) {
  const { reference, demo } = await preflight(trx)
  let report: (done: number, total: number) => void = () => {}
  const context = createContext({
    trx,
    scaleName: input.scaleName,
    scale: SCALES[input.scaleName],
    reference,
    demo,
    passwordHash: input.passwordHash,
    runAt: input.runAt ?? Date.now(),
    today: input.today ?? clock.now(),
    progress: (done, total) => report(done, total),
  })
  const step = (title: string, run: () => Promise<void>): GenerationStep => ({
    title,
    run: async (progress) => {
      report = progress
      await run()
      report = () => {}
    },
  })

  let accounts: GeneratedAccounts
  let providers: GeneratedProvider[]
  let sample: ContractSample
  const steps = [
    step('Teams, users and memberships', async () => {
      accounts = await generateAccounts(context)
    }),
    step('Providers, products, drivers, regressions and rate cards', async () => {
      providers = await generateMarketData(context)
    }),
    step('Contracts, benchmarks, scenarios, proposals and data collections', async () => {
      sample = await generateContracts(context, accounts, providers)
    }),
    step('Feedback and insights reports', async () => {
      await generateFeedback(context, accounts)
      await generateInsights(context, accounts, providers)
    }),
    step('Research spend: profiles, budgets, payments and interactions', async () => {
      await generateResearchSpend(context, accounts)
    }),
    step('Research Insights: themes, documents, search text and entitlements', async () => {
      await generateResearchInsights(context, accounts)
    }),
    step('Providers: analysts, coverage, moves and statistics', async () => {
      await generateAnalystMapping(context)
    }),
    step('Security log and audit trail', async () => {
      await generateSecurityEvents(context, accounts)
      await generateAuditLogs(context, accounts, providers, sample)
      await context.writer.finish()
    }),
    step('Research spend peer statistics', async () => {
      // Every row is written by now: the statistics cover the demo and generated teams alike.
      await recomputeRsaStatistics({ years: context.calendar.years, trigger: 'demo_generate' }, trx)
    }),
    step('Summary dashboard facets and ranking priorities', async () => {
      // Every provider and product, the demo's and the generated ones, tagged again together.
      await seedSummaryFacets(trx, { today: context.calendar.today })
    }),
  ]
  /**
   * What runs once the transaction is committed: the trending snapshots are computed by the
   * product's own service, on the default connection, from the committed documents.
   */
  const afterCommit = [
    step('Research Insights trending snapshots (12 weeks)', async () => {
      await snapshotResearchTrends(context.calendar.research.snapshotDay)
    }),
  ]
  return { steps, afterCommit, counts: () => context.writer.counts() }
}

/**
 * Runs every step of `planUniverse` without reporting, in the caller's transaction; returns the
 * rows written per table. The after-commit steps (trending snapshots) are left to the caller.
 */
export async function generateUniverse(trx: TransactionClientContract, input: GenerationInput) {
  const plan = await planUniverse(trx, input)
  for (const step of plan.steps) await step.run(() => {})
  return plan.counts()
}

/** Every generated account's password (the accounts are synthetic; never in production). */
export const GENERATED_PASSWORD = 'Generated-Password-2026'

/**
 * Refreshes the query planner's statistics after a bulk load, so that plans (and measurements)
 * reflect the new sizes at once.
 */
export async function analyzeTables(client: QueryClientContract) {
  await client.rawQuery('analyze')
}
