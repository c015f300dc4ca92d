import { MODULES } from '#shared/modules'
import {
  AUM_TIERS,
  aumTierOf,
  type Domicile,
  type FirmType,
  type InteractionType,
  type PaymentMethod,
} from '#shared/rsa'
import { apportion } from '#database/generate/apportion'
import { money, type GenerationCalendar, type GenerationContext } from '#database/generate/context'
import type { GeneratedAccounts } from '#database/generate/accounts'
import { weightedPicker, type Random } from '#database/generate/random'
import {
  DURATION_RANGE,
  INTERACTION_MIX,
  INTERACTION_REGIONS,
  OFFERINGS,
  RESEARCH_PROVIDERS,
  TIER_PRICE_FACTOR,
  homeRegion,
  listPriceUsd,
  type Offering,
  type SeededResearchProvider,
} from '#database/demo/research_providers'
import {
  ASSESSMENT_BY_TYPE,
  MEDIUM_CELLS,
  SECTOR_FOCUS,
  SECTOR_WEIGHTS,
  SOURCE_OF,
  TOP_CELLS,
  analystsOf,
  contractFor,
  marketLevel,
  openTables,
  quoted,
  weekdaysOf,
} from '#database/demo/research_spend'

/**
 * Research Spend Analytics for the generated universe: profiles over the demo's years (the five
 * before the day of generation and the current one, paid and used up to that day) for some of the
 * generated teams (those holding the RSA module first), budgets of 15 to 60 lines a year bought
 * from the demo seed's 60 research providers (their popular offerings most often, so that peer
 * cells fill), payments, and interactions (2 million at the large scale). The peer statistics
 * are recomputed afterwards (see planUniverse).
 *
 * Written with the generator's bulk writer; per interaction only a few draws from the stream and
 * precomputed strings, so that 2 million rows stay within seconds.
 */

/**
 * What a generated interaction holds: logged by hand (source "manual", no external reference,
 * no internal user), so that two million of them stay quick to write and index.
 */
const GENERATED_INTERACTION_COLUMNS = [
  'team_id',
  'provider_id',
  'occurred_on',
  'interaction_type',
  'analyst_name',
  'duration_min',
  'sector',
  'region',
  'valued',
  'created_at',
]

const TIER_ODDS: [string, number][] = [
  ['0-10', 30],
  ['10-50', 35],
  ['50-100', 15],
  ['100-250', 12],
  ['250-500', 6],
  ['500+', 2],
]

/** Budget lines a year by AUM tier (DOMAIN §1(a): 40–150 for a mid-size manager, fewer below). */
const LINES_BY_TIER: Record<string, [number, number]> = {
  '0-10': [15, 25],
  '10-50': [25, 40],
  '50-100': [35, 50],
  '100-250': [45, 60],
  '250-500': [50, 60],
  '500+': [55, 60],
}

/** Interactions a team logs, relative to the others, by AUM tier. */
const INTERACTIONS_BY_TIER: Record<string, number> = {
  '0-10': 1,
  '10-50': 1.6,
  '50-100': 2.2,
  '100-250': 2.8,
  '250-500': 3.4,
  '500+': 4,
}

const FIRM_ODDS: Record<string, [FirmType, number][]> = {
  hedge_fund: [['hedge_fund', 1]],
  wealth_manager: [['wealth_manager', 1]],
  asset_owner: [
    ['pension', 60],
    ['insurer', 40],
  ],
  asset_manager: [['long_only', 1]],
}

const PAYMENT_ODDS: Record<Domicile, [PaymentMethod, number][]> = {
  UK: [
    ['p_and_l', 60],
    ['rpa_accounting', 25],
    ['rpa_transactional', 15],
  ],
  EU: [
    ['p_and_l', 55],
    ['rpa_accounting', 30],
    ['rpa_transactional', 15],
  ],
  US: [
    ['csa_28e', 75],
    ['p_and_l', 25],
  ],
  APAC: [
    ['p_and_l', 70],
    ['csa_28e', 30],
  ],
}

interface PlannedLine {
  provider: SeededResearchProvider
  offering: Offering
  factor: number
  from: number
  to: number
  startMonth: number
  termYears: number
  quarterly: boolean
  seats: number | null
}

function domicileOf(code: string, random: Random): Domicile {
  if (code === 'JPY') return 'APAC'
  if (code === 'USD') return random.chance(0.85) ? 'US' : 'APAC'
  if (code === 'GBP') return 'UK'
  return 'EU'
}

/** The generated teams that get research spend: those with the RSA module first. */
export function researchTeams(accounts: GeneratedAccounts, count: number) {
  const generated = accounts.teams.filter((team) => !team.isDemo)
  const withModule = generated.filter((team) => team.modules.has(MODULES.rsaBudgets))
  const others = generated.filter((team) => !team.modules.has(MODULES.rsaBudgets))
  return [...withModule, ...others].slice(0, count)
}

export async function generateResearchSpend(
  context: GenerationContext,
  accounts: GeneratedAccounts
) {
  const { trx, scale, reference, timestamp, calendar } = context
  const years = calendar.years
  const today = calendar.today.toISODate()!
  // The current year's share so far: its interactions are in proportion.
  const shareOf = (year: number) => {
    const days = weekdaysOf(year).days
    return days.filter((day) => day <= today).length / days.length
  }
  const random = context.random('research-spend')
  const rows: { id: number; provider_key: string }[] = await trx
    .from('providers')
    .whereIn(
      'provider_key',
      RESEARCH_PROVIDERS.map((provider) => provider.key)
    )
    .select('id', 'provider_key')
  // The research providers come with the demo seed; without them there is nothing to buy.
  if (rows.length === 0) return
  const idOf = new Map(rows.map((row) => [row.provider_key, Number(row.id)]))
  const providers: SeededResearchProvider[] = RESEARCH_PROVIDERS.filter((provider) =>
    idOf.has(provider.key)
  ).map((provider) => ({ ...provider, id: idOf.get(provider.key)! }))

  const options = providers.flatMap((provider) =>
    OFFERINGS[provider.type]
      .filter((offering) => offering.price !== 'free')
      .map((offering) => {
        const cell = `${provider.key}:${offering.code}`
        const weight = TOP_CELLS.has(cell)
          ? 12
          : MEDIUM_CELLS.has(cell)
            ? 6
            : offering.code === 'A'
              ? 2
              : 1
        return [{ provider, offering }, weight] as const
      })
  )
  const pickOption = weightedPicker(options)
  const pickTier = weightedPicker(TIER_ODDS)

  const tables = await openTables(context.writer, GENERATED_INTERACTION_COLUMNS)
  const teams = researchTeams(accounts, scale.rsaTeams)
  const now = timestamp(context.runAt)

  // Interactions per team and year, in proportion to the team's size.
  const plans = teams.map((team) => {
    const currency = reference.currencies.find((entry) => entry.id === team.currencyId)!
    const tierKey = pickTier(random)
    const tier = AUM_TIERS.find((entry) => entry.key === tierKey)!
    const max = tier.max ?? 900
    const aumUsd = random.between(tier.min + (max - tier.min) * 0.15, max * 0.9) * 1e9
    const teamTypeKey =
      reference.teamTypes.find((entry) => entry.id === team.teamTypeId)?.key ?? 'asset_manager'
    const domicile = domicileOf(currency.code, random)
    const paymentMethod = random.weighted(PAYMENT_ODDS[domicile])
    return {
      team,
      currency,
      tierKey,
      aumLocal: aumUsd / currency.usdPerUnit,
      activeShare: random.between(0.35, 0.95),
      firmType: random.weighted(FIRM_ODDS[teamTypeKey] ?? FIRM_ODDS.asset_manager),
      domicile,
      paymentMethod,
      jointFromLastYear: domicile === 'UK' && random.chance(0.3),
      professionals: Math.round(5 + Math.sqrt(aumUsd / 1e9) * random.between(3, 5)),
      lines: planLines(calendar, random, pickOption, tierKey),
      quality: new Map<string, number>(),
      weights: years.map(
        (year) => INTERACTIONS_BY_TIER[tierKey] * random.between(0.7, 1.3) * shareOf(year)
      ),
    }
  })
  const perTeamYear = apportion(
    scale.rsaInteractions,
    plans.flatMap((plan) => plan.weights)
  )

  const mixes = new Map(
    Object.entries(INTERACTION_MIX).map(([type, mix]) => [type, weightedPicker(mix)])
  )
  const pickSector = weightedPicker(SECTOR_WEIGHTS)

  // Up to millions of interactions: their indexes are built once, at the end.
  const restoreIndexes = await context.writer.deferIndexes('rsa_interactions')
  let written = 0
  const total = scale.rsaInteractions
  for (const [teamIndex, plan] of plans.entries()) {
    const { team, currency } = plan
    for (const [yearIndex, year] of years.entries()) {
      const market = marketLevel(year) * random.between(0.97, 1.03)
      const totalAum = plan.aumLocal * market
      const method =
        year >= calendar.lastYear && plan.jointFromLastYear
          ? ('joint_payment' as const)
          : plan.paymentMethod
      // Payments and interactions of the current year stop at the day of generation.
      const until = year === calendar.currentYear ? today : `${year}-12-31`
      await tables.profiles.add(
        team.id,
        year,
        currency.id,
        money(totalAum),
        money(totalAum * plan.activeShare),
        aumTierOf(totalAum * currency.usdPerUnit),
        plan.firmType,
        method,
        plan.domicile,
        Math.round(plan.professionals * 0.45),
        Math.round(plan.professionals * 0.55),
        now,
        now
      )

      const lines = plan.lines.filter((line) => line.from <= year && year <= line.to)
      const priced = lines.map((line) => {
        const usd =
          listPriceUsd(line.provider, line.offering, year) *
          TIER_PRICE_FACTOR[plan.tierKey] *
          line.factor *
          random.between(0.97, 1.03)
        const contracted = quoted(usd / currency.usdPerUnit)
        const usage =
          line.offering.price === 'pay_per_use' || line.offering.price === 'vote_in_arrears'
        const budget = usage ? contracted : quoted(contracted * random.between(0.98, 1.04))
        return { line, contracted, budget, usage }
      })
      const budgetId = tables.budgets.nextId()
      const approved = random.chance(0.95)
      const approvedAt = approved
        ? timestamp(Date.UTC(year - 1, random.int(9, 11), random.int(1, 28), 10))
        : null
      await tables.budgets.add(
        budgetId,
        team.id,
        year,
        currency.id,
        approved ? 'approved' : 'draft',
        money(priced.reduce((sum, entry) => sum + entry.budget, 0)),
        `${year}-01-01`,
        `${year}-12-31`,
        approvedAt,
        null,
        approvedAt ?? timestamp(Date.UTC(year - 1, 10, 1, 9)),
        now
      )

      const spend = new Map<SeededResearchProvider, number>()
      for (const { line, contracted, budget, usage } of priced) {
        const id = tables.lines.nextId()
        const contract = contractFor(year, line.startMonth, line.termYears, calendar.firstYear)
        await tables.lines.add(
          id,
          budgetId,
          team.id,
          year,
          line.provider.id,
          line.offering.service,
          line.offering.price,
          line.offering.access,
          line.seats,
          contract.start,
          contract.end,
          random.pick([30, 60, 90]),
          money(budget),
          money(contracted),
          currency.id,
          line.quarterly ? 'quarterly' : 'annual',
          null,
          null,
          null,
          now,
          now
        )
        spend.set(line.provider, (spend.get(line.provider) ?? 0) + contracted * currency.usdPerUnit)
        const paid =
          contracted * (usage ? random.between(0.7, 1.02) : random.chance(0.06) ? 0.75 : 1)
        const source = SOURCE_OF[method]
        if (line.quarterly) {
          for (let quarter = 0; quarter < 4; quarter++) {
            const month = String(quarter * 3 + 3).padStart(2, '0')
            const day = `${year}-${month}-${String(random.int(10, 25))}`
            if (day > until) break
            await tables.payments.add(
              id,
              team.id,
              day,
              money(paid / 4),
              currency.id,
              `G${id}-Q${quarter + 1}`,
              source,
              now
            )
          }
        } else {
          const day = `${year}-0${random.int(1, 3)}-${String(random.int(10, 28))}`
          if (day > until) continue
          await tables.payments.add(
            id,
            team.id,
            day,
            money(paid),
            currency.id,
            `G${id}`,
            source,
            now
          )
        }
      }

      // The team's yearly assessment of the providers it pays (two categories each).
      const paidProviders = [...spend.keys()]
      for (const provider of paidProviders) {
        const quality = plan.quality.get(provider.key) ?? random.between(2.2, 4.6)
        plan.quality.set(provider.key, quality)
        for (const category of random.sample(ASSESSMENT_BY_TYPE[provider.type], 2)) {
          const score = Math.min(5, Math.max(1, quality + random.between(-0.6, 0.6)))
          await tables.assessments.add(
            team.id,
            year,
            provider.id,
            category,
            score.toFixed(2),
            null,
            null,
            now
          )
        }
      }

      // Interactions with the providers paid, in proportion to spend (a little flattened).
      const counts = apportion(
        perTeamYear[teamIndex * years.length + yearIndex],
        paidProviders.map((provider) => Math.max(spend.get(provider)!, 8000) ** 0.8)
      )
      const yearDays = weekdaysOf(year).days.filter((day) => day <= until)
      const createdAt = timestamp(Math.min(Date.UTC(year + 1, 0, 15, 6), calendar.asOf))
      for (const [providerIndex, provider] of paidProviders.entries()) {
        const pickType = mixes.get(provider.type)!
        const analysts = analystsOf(provider)
        const home = homeRegion(provider.hq)
        const focus = SECTOR_FOCUS[provider.key]
        const macro = provider.type === 'macro_consultancy'
        for (let count = 0; count < counts[providerIndex]; count++) {
          const type: InteractionType = pickType(random)
          const durations = DURATION_RANGE[type]
          const draw = random.next()
          const region =
            draw < 0.6 ? home : draw < 0.85 ? 'Global' : random.pick(INTERACTION_REGIONS)
          const full = tables.interactions.push([
            team.id,
            provider.id,
            yearDays[Math.floor(random.next() * yearDays.length)],
            type,
            analysts[Math.floor(random.next() * analysts.length)],
            durations
              ? durations[0] + Math.floor(random.next() * (durations[1] - durations[0]))
              : null,
            macro ? null : focus && random.next() < 0.7 ? focus[0] : pickSector(random),
            region,
            type !== 'corporate_access',
            createdAt,
          ])
          if (full) await tables.interactions.flush()
          if (++written % 20_000 === 0) context.progress(written, total)
        }
      }
    }
  }
  await restoreIndexes()
  context.progress(total, total)
}

/** A team's lines over the years: popular offerings most often, some added or dropped. */
function planLines(
  calendar: GenerationCalendar,
  random: Random,
  pickOption: (random: Random) => { provider: SeededResearchProvider; offering: Offering },
  tierKey: string
): PlannedLine[] {
  const [low, high] = LINES_BY_TIER[tierKey]
  const target = random.int(low, high)
  // Lines held every year, then a few that start or stop in between (within the range).
  const changing = Math.min(random.int(0, 5), 60 - target)
  const chosen = new Map<string, PlannedLine>()
  let guard = 0
  while (chosen.size < target + changing && guard++ < 1000) {
    const { provider, offering } = pickOption(random)
    const cell = `${provider.key}:${offering.service}`
    if (chosen.has(cell)) continue
    const steady = chosen.size < target
    const { firstYear, currentYear } = calendar
    const between = [firstYear + 1, firstYear + 2]
    const from = steady || random.chance(0.5) ? firstYear : random.pick(between)
    const to = steady || from !== firstYear ? currentYear : random.pick(between)
    chosen.set(cell, {
      provider,
      offering,
      factor: random.between(0.82, 1.18),
      from,
      to,
      startMonth: random.chance(0.7) ? 1 : random.pick([4, 7, 10]),
      termYears: random.pick([1, 1, 2, 3]),
      quarterly:
        offering.price !== 'fixed_fee' && offering.price !== 'tiered_subscription'
          ? true
          : random.chance(0.4),
      seats: offering.access === 'named_users' ? random.int(2, 15) : null,
    })
  }
  return [...chosen.values()]
}
