import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { NORTHBRIDGE, PACIFIC_CREST } from '#database/demo/research_spend'
import { PEER_CRITERIA_OPTIONS, peerGroupPage, type PeerCriteria } from '#services/rsa/peer_group'
import { converterFor, rsaViewFor, type RsaView } from '#services/rsa/view'
import { PEER_COUNT_BANDS } from '#shared/rsa'
import { demoCalendar } from '#database/demo/demo_calendar'
import { pinClock, restoreClock } from '#tests/helpers/clock'

type Any = any

/**
 * The differencing search a member firm could run against the peer group page: every custom
 * group of one or two criteria values, and the default group, for every year of the demo data,
 * seen from every firm of the demo world. Whenever two answers the product gives describe groups
 * one firm apart, the attacker subtracts them (2 × m₆ − m₅ and its variants) to read that
 * firm's value, and compares the composition cards to read its profile. The test knows the
 * groups' members (the attacker does not) and checks that no estimate lands on the firm's
 * stored value and that no card tells the firm's attributes.
 */

const DIMENSIONS = ['tiers', 'firmTypes', 'paymentMethods', 'domiciles'] as const
const COLUMNS = {
  tiers: 'aum_tier',
  firmTypes: 'firm_type',
  paymentMethods: 'payment_method',
  domiciles: 'domicile',
} as const
const METRICS = [
  'research_bps',
  'spend_per_professional',
  'providers_paid',
  'top5_share',
  'irp_share',
  'yoy_change',
] as const

const empty = (): PeerCriteria => ({ tiers: [], firmTypes: [], paymentMethods: [], domiciles: [] })

/** Every criteria of one value, and of two values (in one dimension or two). */
function oneAndTwoValueCriteria(): PeerCriteria[] {
  const values = DIMENSIONS.flatMap((dimension) =>
    PEER_CRITERIA_OPTIONS[dimension].map((option) => ({ dimension, value: option.value }))
  )
  const result: PeerCriteria[] = []
  for (let i = 0; i < values.length; i++) {
    const one = empty()
    one[values[i].dimension].push(values[i].value)
    result.push(one)
    for (let j = i + 1; j < values.length; j++) {
      const two = empty()
      two[values[i].dimension].push(values[i].value)
      two[values[j].dimension].push(values[j].value)
      result.push(two)
    }
  }
  return result
}

interface MetricRow {
  team_id: number
  aum_tier: string
  firm_type: string
  payment_method: string
  domicile: string
  [metric: string]: unknown
}

interface Answer {
  members: Set<number>
  page: Any
}

/** The published precision of each metric, in the units the page sends. */
const PRECISION: Record<(typeof METRICS)[number], number> = {
  research_bps: 0.01,
  spend_per_professional: 1000,
  providers_paid: 1,
  top5_share: 0.001,
  irp_share: 0.001,
  yoy_change: 0.001,
}

function trueValue(row: MetricRow, metric: (typeof METRICS)[number], view: RsaView) {
  const raw = row[metric]
  if (raw === null || raw === undefined) return null
  const value = Number(raw)
  return metric === 'spend_per_professional'
    ? converterFor(view)(value, view.benchmarkCurrencyId)
    : value
}

/** What subtracting two answers one firm apart can give: the firm's value, if unprotected. */
function estimates(smaller: number | null, larger: number | null) {
  if (smaller === null || larger === null) return []
  return [2 * larger - smaller, 2 * smaller - larger, larger, smaller]
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = (sorted.length - 1) / 2
  return (sorted[Math.floor(middle)] + sorted[Math.ceil(middle)]) / 2
}

test.group('RSA peer groups › differencing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // The demo's six years, seeded on a fixed day.
  group.each.setup(() => {
    pinClock('2026-11-28')
    return restoreClock
  })
  group.each.timeout(480_000)

  test('no pair of answers gives back one firm’s value or profile, in any year', async ({
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx))
    // Every firm of the demo world is a viewer: any member firm may run the search.
    const teams = await db
      .from('teams')
      .whereIn('id', db.from('rsa_team_profiles').select('team_id'))
      .select('id', 'name')
    assert.includeMembers(
      teams.map((team) => team.name),
      [NORTHBRIDGE, PACIFIC_CREST]
    )
    const bands = new Set<string>(PEER_COUNT_BANDS.map((band) => band.label))
    const criteriaList = [empty(), ...oneAndTwoValueCriteria()]

    let pairsOneApart = 0
    let rawRecoveries = 0
    let served = 0
    let closest = Number.POSITIVE_INFINITY
    const recovered: string[] = []
    for (const team of teams) {
      for (const year of demoCalendar().years) {
        const rows = (await db.from('rsa_team_metrics').where('year', year)) as MetricRow[]
        if (!rows.some((row) => row.team_id === team.id)) continue
        const others = rows.filter((row) => row.team_id !== team.id)
        const byTeam = new Map(rows.map((row) => [row.team_id, row]))
        const view = await rsaViewFor(team.id, year)
        const own = byTeam.get(team.id)!

        const answers: Answer[] = []
        for (const criteria of criteriaList) {
          const page = await peerGroupPage(view, criteria)
          if (page.refused) {
            // A refusal never tells how many firms there are.
            assert.notMatch(page.refused, /\b[1-4] firms?\b/)
            continue
          }
          if (!page.composition) continue
          const custom = DIMENSIONS.some((dimension) => criteria[dimension].length > 0)
          const members = custom
            ? others.filter((row) =>
                DIMENSIONS.every(
                  (dimension) =>
                    !criteria[dimension].length ||
                    criteria[dimension].includes(String(row[COLUMNS[dimension]]))
                )
              )
            : others.filter((row) => row.aum_tier === own.aum_tier).length >= 5
              ? others.filter((row) => row.aum_tier === own.aum_tier)
              : null
          if (!members) continue
          answers.push({ members: new Set(members.map((row) => row.team_id)), page })
          served++

          // Counts leave as bands; no composition entry counts a single firm.
          assert.isTrue(bands.has(page.composition.n), page.composition.n)
          for (const dimension of DIMENSIONS) {
            for (const entry of page.composition[dimension]) {
              assert.notMatch(String(entry.count), /^\d+$/, `${dimension} ${entry.label}`)
            }
          }
          for (const metric of page.metrics) {
            assert.isTrue(bands.has(metric.n), metric.n)
            assert.notEqual(String(metric.median).length > 12, true, 'a rounded median')
          }
        }

        for (const a of answers) {
          for (const b of answers) {
            if (a === b || b.members.size !== a.members.size + 1) continue
            if (![...a.members].every((member) => b.members.has(member))) continue
            const [firm] = [...b.members].filter((member) => !a.members.has(member))
            pairsOneApart++
            // The cards of two groups one firm apart read the same: nothing tells who joined.
            const breakdown = (answer: Answer) =>
              DIMENSIONS.some((dimension) => answer.page.composition[dimension].length > 0)
            if (
              breakdown(a) &&
              breakdown(b) &&
              JSON.stringify(a.page.composition) !== JSON.stringify(b.page.composition)
            ) {
              recovered.push(`${team.name} ${year} firm ${firm}: the composition cards differ`)
            }
            const row = byTeam.get(firm)!
            for (const metric of METRICS) {
              const value = trueValue(row, metric, view)
              if (value === null) continue
              const published = (answer: Answer) =>
                answer.page.metrics.find((entry: Any) => entry.key === metric)?.median ?? null
              const smaller = published(a)
              const larger = published(b)
              if (smaller === null || larger === null) continue
              // The subtraction that gives the firm's value exactly on the raw figures, and
              // follows it when it changes (not a tie with another firm's value)…
              const rawOf = (members: Set<number>, firmValue: number) =>
                median(
                  [...members]
                    .map((member) =>
                      member === firm ? firmValue : trueValue(byTeam.get(member)!, metric, view)
                    )
                    .filter((entry): entry is number => entry !== null)
                )
              const raw = estimates(rawOf(a.members, value), rawOf(b.members, value))
              const moved = value === 0 ? 1e-6 : value * 1.001
              const tracking = estimates(rawOf(a.members, moved), rawOf(b.members, moved))
              const fromAnswers = estimates(smaller, larger)
              const scale = Math.max(Math.abs(value), PRECISION[metric])
              raw.forEach((estimate, index) => {
                if (Math.abs(estimate - value) > scale * 1e-9) return
                if (Math.abs(tracking[index] - moved) > scale * 1e-9) return
                rawRecoveries++
                // …lands at least 1% away from it (twice the rounding) on the published ones.
                const off = Math.abs(fromAnswers[index] - value) / scale
                closest = Math.min(closest, off)
                if (off < 0.01) {
                  recovered.push(
                    `${team.name} ${year} firm ${firm} ${metric}: ${fromAnswers[index]} is ${(off * 100).toFixed(2)}% from ${value}`
                  )
                }
              })
            }
          }
        }
      }
    }

    assert.isAbove(served, 50, 'the search was answered')
    assert.deepEqual(recovered, [], `closest estimate ${(closest * 100).toFixed(2)}% off`)
    // The noise's floor (5%) less the rounding of the two answers subtracted: an estimate may
    // land on that bound (to the floating point), never inside it.
    assert.isAtLeast(closest, 0.03 - 1e-9)
    // Groups one firm apart are served, and on the stored figures the search finds firms' values
    // (the 33 pairs of the report, and more): the noise is what stops it.
    assert.isAbove(pairsOneApart, 0)
    assert.isAbove(rawRecoveries, 0)
  })
})
