import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import type { GenerationStep } from '#database/generate/universe'

/**
 * Adds a deterministic synthetic universe to a migrated, demo-seeded database, so that every
 * page is used at a realistic size — the demo accounts included (Northbridge gets a large
 * slice of contracts, members and reports). Refuses to run in production, without the demo
 * seed, or when a generated universe is already there (it is not idempotent: start from a
 * fresh database to generate again). The universe is dated relative to the day it is generated
 * for, like the demo seed (database/demo/demo_calendar.ts): the five years before it and the
 * current one, in progress.
 *
 *   npm run ace -- demo:generate --scale=small|medium|large
 *
 * `large`: 200 teams, 5,000 users, 300 providers (2,400 products), 50,000 contracts, about 519,000
 * product benchmarks (1.18 million driver values, 122,000 sub products) and proportional
 * scenarios, proposals, rate cards, data collections, feedback, insights reports, security events
 * (200,000) and audit logs (50,000), research spend for 150 teams (900 profiles and budgets
 * over six years, about 31,000 budget lines, 85,000 payments, 47,000 assessments and 2 million
 * interactions, the peer statistics recomputed), and Research Insights (200,000 research
 * documents from the first year up to the day of generation, with
 * about 900,000 theme tags and their searchable text, 240 per-country themes added to the demo
 * taxonomy, entitlements for the generated teams with the module; the documents have no PDF of
 * their own but share one placeholder; the 12 weekly trending snapshots up to that day are
 * computed once the transaction is committed): 5.8 million rows. `medium` is a tenth of it,
 * `small` (tests) a hundredth. Everything is written in one transaction, in batches of up to
 * 1,000 rows (the interactions' and research documents' indexes are built once, after their
 * load); the same scale always gives the same rows. Measured on a shared 2-core machine (load
 * average 6 to 8): large in 45 to 60 s on SQLite and 115 to 170 s on PostgreSQL 15, ANALYZE
 * included, before research spend was added; at load average 1 to 4, 20 s without it and 38 to
 * 40 s with it on SQLite. With Research Insights, at load average 4 to 7: large in 158 to 204 s
 * on SQLite (Research Insights 38 to 70 s of it, about half of that the full-text index); medium
 * in 38 s on PostgreSQL (Research Insights 15 s: the stored tsvectors cost about 0.25 ms a
 * document, so expect two to three minutes more for large there).
 *
 * Providers / analyst mapping (the last step before the security log): about 31,000 sell-side
 * analysts at the large scale, added to the research providers with coverage rows for each of
 * the six years and their moves, then the provider statistics recomputed (6.5 s on SQLite,
 * measured with four years).
 *
 * Generated accounts sign in with the password Generated-Password-2026 (GENERATED_PASSWORD in
 * database/generate/universe.ts).
 */
export default class DemoGenerate extends BaseCommand {
  static commandName = 'demo:generate'
  static description =
    'Add a deterministic synthetic universe (small, medium or large) to the demo database'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'small, medium or large', default: 'small' })
  declare scale: string

  async run() {
    if (this.app.inProduction) {
      this.logger.error(
        'demo:generate fills the database with synthetic data; it does not run in production. Nothing was written.'
      )
      this.exitCode = 1
      return
    }
    const { isScaleName } = await import('#database/generate/scales')
    if (!isScaleName(this.scale)) {
      this.logger.error(`Unknown scale "${this.scale}": use small, medium or large.`)
      this.exitCode = 1
      return
    }
    const scaleName = this.scale
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const { default: hash } = await import('@adonisjs/core/services/hash')
    const { planUniverse, GenerationRefused, GENERATED_PASSWORD, analyzeTables } =
      await import('#database/generate/universe')

    const started = performance.now()
    const passwordHash = await hash.make(GENERATED_PASSWORD)
    let counts: Record<string, number>
    let afterCommit: GenerationStep[]
    try {
      ;({ counts, afterCommit } = await db.transaction(async (trx) => {
        const plan = await planUniverse(trx, { scaleName, passwordHash })
        await this.runSteps(plan.steps)
        // A failed step rolls everything back: no half universe is left behind.
        return { counts: plan.counts(), afterCommit: plan.afterCommit }
      }))
    } catch (error) {
      if (error instanceof GenerationRefused) {
        this.logger.error(error.message)
        this.exitCode = 1
        return
      }
      throw error
    }
    await analyzeTables(db.connection())
    // Computed from the committed rows (the trending snapshots).
    await this.runSteps(afterCommit)

    const table = this.ui.table()
    table.head(['Table', 'Rows added'])
    for (const [name, rows] of Object.entries(counts).sort(([a], [b]) => a.localeCompare(b))) {
      table.row([name, rows.toLocaleString('en-GB')])
    }
    table.render()
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    this.logger.success(
      `Generated the ${scaleName} universe in ${seconds} s. Generated accounts sign in with the password ${GENERATED_PASSWORD}.`
    )
  }

  /** Runs steps as tasks with progress bars; throws when one fails. */
  private async runSteps(steps: GenerationStep[]) {
    const tasks = this.ui.tasks()
    for (const step of steps) {
      tasks.add(step.title, async (task) => {
        await step.run((done, total) => task.update(progressBar(done, total)))
        return 'done'
      })
    }
    await tasks.run()
    if (tasks.getState() === 'failed') throw tasks.error ?? new Error('Generation failed')
  }
}

function progressBar(done: number, total: number) {
  const share = total > 0 ? Math.min(1, done / total) : 1
  const width = 30
  const filled = Math.round(share * width)
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.round(share * 100)}%`
}
