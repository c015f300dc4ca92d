import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import {
  researchCalendar,
  seedResearchInsights,
  taxonomyProfiles,
  themeWeightAt,
} from '#database/demo/research_insights'
import { seedAnalystMapping } from '#database/demo/analyst_mapping'
import { pinClock, restoreClock } from '#tests/helpers/clock'
import { readableDocuments } from '#services/research/access'

function dayOf(value: unknown) {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
}

async function seedInsightsOn(day: string) {
  pinClock(day)
  await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
  const summary = await seedResearchInsights()
  if (!summary) throw new Error('Research Insights were not seeded')
  return summary
}

/** The latest weekly snapshot and its themes by rank. */
async function latestRanking() {
  const snapshot = await db
    .from('research_trending_snapshots')
    .orderBy('period_end', 'desc')
    .firstOrFail()
  const entries = await db
    .from('research_trending_entries')
    .join('research_themes', 'research_themes.id', 'research_trending_entries.theme_id')
    .where('snapshot_id', snapshot.id)
    .whereNotNull('rank')
    .orderBy('rank')
    .select('research_themes.name')
  return { snapshot, themes: entries.map((row) => String(row.name)) }
}

test.group('Research Insights and analyst mapping demo', (group) => {
  // Thousands of documents, each with its PDF, then the weekly snapshots: minutes on a loaded
  // machine.
  group.each.timeout(900_000)
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(restoreClock)

  test('publishes research up to this week and ranks the week that ends today', async ({
    assert,
  }) => {
    const summary = await seedInsightsOn('2026-11-28')
    assert.equal(summary.snapshots, 12)

    const latest = await db.from('research_documents').max('published_at as at').first()
    assert.isTrue(dayOf(latest.at) < '2026-11-28', 'nothing published after today')
    const thisWeek = await db
      .from('research_documents')
      .where('status', 'published')
      .where('published_at', '>=', '2026-11-21')
      .count('* as total')
      .first()
    assert.isAbove(Number(thisWeek.total), 100, 'new this week')
    const first = await db.from('research_documents').min('published_at as at').first()
    assert.isTrue(dayOf(first.at) >= '2021-01-01')

    // The latest ranking is of the seven days before today; year-ahead outlooks are in season.
    const { snapshot, themes } = await latestRanking()
    assert.equal(dayOf(snapshot.period_start), '2026-11-21')
    assert.equal(dayOf(snapshot.period_end), '2026-11-28')
    assert.include(themes.slice(0, 5), 'Year-ahead outlook')

    // The analyst's starred themes have documents of this week not read yet.
    const analyst = await db.from('users').where('email', 'analyst@example.com').firstOrFail()
    const unread = await db
      .from('research_document_themes as dt')
      .join('research_documents as d', 'd.id', 'dt.document_id')
      .whereIn(
        'dt.theme_id',
        db.from('research_starred_themes').where('user_id', analyst.id).select('theme_id')
      )
      .where('d.published_at', '>=', '2026-11-21')
      .whereNotIn(
        'd.id',
        db.from('research_read_events').where('user_id', analyst.id).select('document_id')
      )
      .countDistinct('d.id as total')
      .first()
    assert.isAbove(Number(unread.total), 0)

    // The analyst's research requests are dated in the last weeks; one is still due.
    const requests = await db
      .from('research_requests')
      .where('user_id', analyst.id)
      .orderBy('reference')
    assert.deepEqual(
      requests.map((request) => request.reference),
      ['RR-2026-0001', 'RR-2026-0002', 'RR-2026-0003']
    )
    assert.isTrue(requests.every((request) => dayOf(request.created_at) < '2026-11-28'))
    assert.isTrue(requests.some((request) => dayOf(request.needed_by) > '2026-11-28'))
    assert.include(requests[1].topic, '2027')

    // The research team's queue holds requests in every state: the answered one links documents
    // its team may read, the answered and declined ones carry their response, one is overdue.
    const queue = await db.from('research_requests').orderBy('reference').select('*')
    assert.sameMembers(
      [...new Set(queue.map((request) => request.status))],
      ['submitted', 'in_progress', 'answered', 'declined']
    )
    for (const request of queue) {
      assert.equal(
        request.response !== null,
        ['answered', 'declined'].includes(request.status),
        request.reference
      )
    }
    const answered = queue.find((request) => request.status === 'answered')
    const linked = await db
      .from('research_request_documents')
      .where('request_id', answered.id)
      .select('document_id')
    assert.isAbove(linked.length, 0)
    const readable = await readableDocuments(Number(answered.team_id))
      .whereIn(
        'd.id',
        linked.map((row) => row.document_id)
      )
      .count('* as n')
      .firstOrFail()
    assert.equal(Number(readable.n), linked.length)
    assert.isTrue(
      queue.some(
        (request) =>
          ['submitted', 'in_progress'].includes(request.status) &&
          dayOf(request.needed_by) < '2026-11-28'
      )
    )
  })

  test('moves its trending weeks with the day of seeding, outlooks only in their season', async ({
    assert,
  }) => {
    const outlook = taxonomyProfiles().find((theme) => theme.name === 'Year-ahead outlook')!
    const weightInLastWeek = (day: string) => {
      const calendar = researchCalendar(DateTime.fromISO(day, { zone: 'utc' }))
      assert.equal(calendar.end, Date.parse(`${day}T00:00:00Z`))
      assert.equal(calendar.denseStart, calendar.end - 12 * 7 * 86_400_000)
      return themeWeightAt(outlook, calendar.end - 3 * 86_400_000, calendar.denseStart)
    }
    // Late November: the outlooks trend; early March: written on less than usual.
    assert.isAbove(weightInLastWeek('2026-11-28'), outlook.weight * 5)
    assert.isBelow(weightInLastWeek('2027-03-10'), outlook.weight)
    assert.equal(researchCalendar(DateTime.fromISO('2027-03-10')).firstDay, Date.UTC(2022, 0, 1))
  })

  test("follows the providers' analysts and their moves up to today", async ({ assert }) => {
    pinClock('2026-11-28')
    await db.transaction((trx) => seedDemoUniverse(trx))
    const summary = await seedAnalystMapping()
    assert.isNotNull(summary)

    const years = await db.from('analyst_coverages').distinct('year').orderBy('year')
    assert.deepEqual(
      years.map((row) => Number(row.year)),
      [2021, 2022, 2023, 2024, 2025, 2026]
    )
    const thisYear = await db
      .from('analyst_moves')
      .where('year', 2026)
      .count('* as total')
      .max('event_date as last')
      .first()
    assert.isAbove(Number(thisYear.total), 100)
    assert.isTrue(dayOf(thisYear.last) <= '2026-11-28', 'no move after today')

    // Last year's story: Calloway's US technology team lifted out to Sixth Avenue in March.
    const liftOut = await db
      .from('analyst_moves as m')
      .join('providers as source', 'source.id', 'm.from_provider_id')
      .join('providers as target', 'target.id', 'm.to_provider_id')
      .where('source.provider_key', 'calloway-brothers')
      .where('target.provider_key', 'sixth-avenue-research')
      .where('m.event_date', '2025-03-11')
      .count('* as total')
      .first()
    assert.equal(Number(liftOut.total), 3)
  })
})
