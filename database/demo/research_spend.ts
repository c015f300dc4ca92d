import { DateTime } from 'luxon'
import * as clock from '#services/calendar/clock'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { createTeam } from '#services/accounts/accounts'
import { EXCHANGE_RATES_AS_OF } from '#services/accounts/reference_data'
import { recomputeRsaStatistics } from '#services/rsa/benchmarks'
import { REGIONS, type Region } from '#models/team'
import { MODULES } from '#shared/modules'
import {
  BENCHMARK_CURRENCY,
  DOMICILES,
  FIRM_TYPES,
  PAYMENT_METHODS,
  aumTierOf,
  type AssessmentCategory,
  type AumTier,
  type Domicile,
  type FirmType,
  type InteractionType,
  type PaymentMethod,
  type ResearchProviderType,
} from '#shared/rsa'
import { BulkWriter, type TableWriter } from '#database/generate/bulk'
import { Random, weightedPicker } from '#database/generate/random'
import { apportion } from '#database/generate/apportion'
import { FIRST_NAMES, LAST_NAMES } from '#database/generate/names'
import { demoCalendar, isoDay, type DemoCalendar } from '#database/demo/demo_calendar'
import {
  DURATION_RANGE,
  INTERACTION_MIX,
  INTERACTION_REGIONS,
  OFFERINGS,
  TIER_PRICE_FACTOR,
  homeRegion,
  listPriceUsd,
  offeringOf,
  seedResearchProviders,
  type Offering,
  type SeededResearchProvider,
} from '#database/demo/research_providers'

/**
 * Research Spend Analytics demo data: the 60 research providers, Northbridge's and Pacific
 * Crest's research budgets over the demo's six years (profiles, budget lines, payments,
 * interactions and assessments), twenty anonymous peer teams with the same figures (so that
 * every benchmark cell the demo teams look at has peers: quartiles for their main providers, a
 * median for the next ones, the fallback ladder for the rest) and an open research-spend data
 * collection for next year.
 *
 * The years follow the day of seeding (database/demo/demo_calendar.ts): the five years before
 * the current one, complete, and the current year in progress, whose payments and
 * interactions stop at the day of seeding (so that pacing compares the budget with what is
 * paid so far). Deterministic for a given day: every value comes from seeded streams
 * (database/generate/random.ts) and the calendar. The peer statistics (rsa_benchmarks,
 * rsa_team_metrics, …) are not written here: they are computed from these rows by the
 * benchmark service, called at the end.
 *
 * What the demo shows on purpose, for Northbridge ("last year" is the last complete year):
 * - price outliers (> +25% over peers): Calloway Brothers and Redfern Research Partners (full
 *   access), Guildhall Expert Network (expert calls), Ashcombe Global Markets (analyst access),
 *   Bramwell Keane (full access); Calloway's contract runs March to February, so its renewal
 *   falls due early next year;
 * - suspiciously cheap (< half the peer p25): Takamura Securities, full access;
 * - below peers: Ashcombe and Rhenania (full access), Lantern, Marchmont, Mercer Lowell (analyst
 *   access); most other lines in line with peers;
 * - paid but unused: Castellan Research, paid every quarter of last year, no interaction after
 *   June;
 * - used but unpaid: Prairie State Securities and Polymath Expert Network (calls and meetings,
 *   no budget line, every year);
 * - usage against spend: Lantern Equity Research is cheap and heavily used, Helvetic Union Bank
 *   expensive and barely used;
 * - overrun: Keyline Expert Network's payments of last year exceed its budget by a quarter;
 * - the second year's budget was approved after the year had started; Northbridge moved to
 *   joint payment last year (the UK option of PS24/9) and pays jointly this year.
 */

export interface ResearchSpendOptions {
  /** Recompute the peer statistics at the end (when the benchmark service exists). Default true. */
  recompute?: boolean
  /** The day of seeding: the years, the current year's cut-off, the collection's due date. */
  today?: DateTime
}

export const NORTHBRIDGE = 'Northbridge Asset Management'
export const PACIFIC_CREST = 'Pacific Crest Investors'

/**
 * The market's level in a year against 2024's (AUM follow it): the 2022 fall, the recovery,
 * then a bounded drift, so that every peer's AUM stays inside its tier whatever the year.
 */
export function marketLevel(year: number) {
  const known: Record<number, number> = { 2021: 0.95, 2022: 0.87, 2023: 0.93, 2024: 1 }
  if (known[year] !== undefined) return known[year]
  if (year < 2021) return 0.95
  return [1.05, 1.08, 1.04, 1.07, 1.06][(year - 2025) % 5]
}

interface TeamSpec {
  name: string
  currencyCode: 'GBP' | 'EUR' | 'USD' | 'CHF'
  teamTypeKey: 'asset_manager' | 'hedge_fund' | 'wealth_manager' | 'asset_owner'
  region: Region
  firmType: FirmType
  domicile: Domicile
  /** Total AUM in billions of the team's currency at 2024's market level (see marketLevel). */
  aum: number
  activeShare: number
  paymentMethod: PaymentMethod
  /** From last year on (the UK joint payment option, PS24/9). */
  paymentMethodFromLastYear?: PaymentMethod
}

/**
 * The anonymous peers: 11 in Northbridge's AUM tier (10–50bn USD, every year), 4 below, 3 and
 * 2 above. Their AUM stays inside its tier whatever the year's market level.
 */
export const PEER_TEAMS: TeamSpec[] = parsePeers(`
  Thameside Capital Partners         | GBP | asset_manager  | EMEA | long_only      | UK   |  16   | 0.70 | p_and_l
  Ravensworth Investment Management  | GBP | asset_manager  | EMEA | long_only      | UK   |  22   | 0.60 | p_and_l           | joint_payment
  Kittiwake Pension Investments      | GBP | asset_owner    | EMEA | pension        | UK   |  12.5 | 0.45 | p_and_l
  Montclair Investors Europe         | EUR | asset_manager  | EMEA | long_only      | EU   |  25   | 0.65 | rpa_accounting
  Rhein-Main Kapitalanlage           | EUR | asset_owner    | EMEA | insurer        | EU   |  30   | 0.40 | p_and_l
  Quai Voltaire Gestion              | EUR | asset_manager  | EMEA | long_only      | EU   |  18   | 0.75 | rpa_transactional
  Lindqvist Fonder                   | EUR | asset_manager  | EMEA | long_only      | EU   |  14.5 | 0.70 | rpa_accounting
  Alpenrose Vermögensverwaltung      | CHF | wealth_manager | EMEA | wealth_manager | EU   |  20   | 0.55 | p_and_l
  Hudson Ridge Capital               | USD | asset_manager  | AMER | long_only      | US   |  35   | 0.80 | csa_28e
  Cascade Peak Advisors              | USD | hedge_fund     | AMER | hedge_fund     | US   |  18   | 0.95 | csa_28e
  Tasman Harbour Investments         | USD | asset_manager  | APAC | long_only      | APAC |  24   | 0.70 | p_and_l
  Wrenfield Partners                 | GBP | hedge_fund     | EMEA | hedge_fund     | UK   |   3.2 | 0.95 | p_and_l
  Valmorel Capital                   | EUR | wealth_manager | EMEA | wealth_manager | EU   |   5   | 0.60 | p_and_l
  Sentinel Bay Advisors              | USD | hedge_fund     | AMER | hedge_fund     | US   |   6   | 0.95 | csa_28e
  Lac Léman Gestion Privée           | CHF | wealth_manager | EMEA | wealth_manager | EU   |   4   | 0.50 | p_and_l
  Fitzrovia Global Investors         | GBP | asset_manager  | EMEA | long_only      | UK   |  55   | 0.60 | p_and_l           | joint_payment
  Nordhavn Pensionsforvaltning       | EUR | asset_owner    | EMEA | pension        | EU   |  65   | 0.35 | rpa_accounting
  Appleton Square Capital            | USD | asset_manager  | AMER | long_only      | US   |  80   | 0.70 | csa_28e
  Ludgate Hill Assurance Investments | GBP | asset_owner    | EMEA | insurer        | UK   | 110   | 0.30 | p_and_l
  Great Lakes Mutual Advisors        | USD | asset_manager  | AMER | long_only      | US   | 180   | 0.60 | csa_28e
`)

/**
 * The peers' table: name | currency | team type | region | firm type | domicile | total AUM in
 * billions of the currency (2024's market) | active share | payment method | from last year.
 */
function parsePeers(table: string): TeamSpec[] {
  const check = <T extends string>(value: string, allowed: readonly string[]) => {
    if (!allowed.includes(value)) throw new Error(`Peer table: unexpected "${value}"`)
    return value as T
  }
  return table
    .trim()
    .split('\n')
    .map((row) => row.split('|').map((cell) => cell.trim()))
    .map(
      ([
        name,
        currency,
        teamType,
        region,
        firmType,
        domicile,
        aum,
        active,
        method,
        methodFromLastYear,
      ]) => ({
        name,
        currencyCode: check<TeamSpec['currencyCode']>(currency, ['GBP', 'EUR', 'USD', 'CHF']),
        teamTypeKey: check<TeamSpec['teamTypeKey']>(teamType, [
          'asset_manager',
          'hedge_fund',
          'wealth_manager',
          'asset_owner',
        ]),
        region: check<Region>(region, REGIONS),
        firmType: check<FirmType>(firmType, Object.keys(FIRM_TYPES)),
        domicile: check<Domicile>(domicile, Object.keys(DOMICILES)),
        aum: Number(aum),
        activeShare: Number(active),
        paymentMethod: check<PaymentMethod>(method, Object.keys(PAYMENT_METHODS)),
        paymentMethodFromLastYear: methodFromLastYear
          ? check<PaymentMethod>(methodFromLastYear, Object.keys(PAYMENT_METHODS))
          : undefined,
      })
    )
}

/** One budget line a team holds over the years (a provider's offering). */
interface LinePlan {
  provider: SeededResearchProvider
  offering: Offering
  /** The team's price against the provider's list price (its negotiation, kept over years). */
  factor: number
  from: number
  to: number
  startMonth: number
  termYears: number
  frequency: 'annual' | 'quarterly'
  seats: number | null
  /** Price type joint payment (research share of commission) from this year on. */
  jointFrom?: number
  shareBps?: number
  /** Payments of this year exceed the budget by a quarter. */
  overpaidIn?: number
  notes?: string
  rationale?: string
}

interface TeamPlan {
  key: string
  teamId: number
  currencyId: number
  /** US dollars per unit of the team's currency, from the stored exchange rates. */
  usdPerUnit: number
  profile: (year: number) => {
    totalAum: number
    activeAum: number
    firmType: FirmType
    paymentMethod: PaymentMethod
    domicile: Domicile
    pms: number
    analysts: number
  }
  lines: LinePlan[]
  interactionsPerYear: (year: number) => number
  /** Usage multipliers per provider key (heavy or light use against spend). */
  usage?: Record<string, number>
  /** Provider keys without interactions after June of this year (paid but unused). */
  unusedFrom?: { key: string; year: number }
  /** Providers used without a budget line (calls and meetings a year). */
  unpaid?: { key: string; perYear: number }[]
  approvedAt: (year: number) => string | null
  approvedBy: number | null
  emails: [string | null, number | null, number][]
  assessed: boolean
  voter: number | null
}

/** A Northbridge line: provider key, offering and what is special about it. */
type NorthbridgeLine = [string, string, Partial<Omit<LinePlan, 'provider' | 'offering'>>?]

/**
 * Northbridge's lines over the demo's years: lines that start or stop, and the stories of last
 * year (joint payment, an overrun), are placed on the calendar.
 */
function northbridgeLines({ firstYear, lastYear, nextYear }: DemoCalendar): NorthbridgeLine[] {
  const renewal = DateTime.utc(nextYear, 3, 1).minus({ days: 1 }).toFormat('d LLL yyyy')
  return [
    // Bulge-bracket banks
    [
      'ashcombe-global-markets',
      'A',
      { factor: 0.83, rationale: `Tier 2 of 4, renegotiated at the ${firstYear + 1} renewal.` },
    ],
    ['ashcombe-global-markets', 'B', { factor: 1.34 }],
    ['ashcombe-global-markets', 'C'],
    ['ashcombe-global-markets', 'D'],
    [
      'calloway-brothers',
      'A',
      {
        factor: 1.45,
        startMonth: 3,
        termYears: 1,
        rationale: 'Platinum tier kept for the global technology team.',
        notes: `Renewal due ${renewal}: ask for the gold tier.`,
      },
    ],
    ['calloway-brothers', 'B'],
    ['calloway-brothers', 'C'],
    ['calloway-brothers', 'D'],
    [
      'calloway-brothers',
      'E',
      { notes: 'Corporate access: paid separately from research (ESMA Q&A 7).' },
    ],
    ['hollister-grant', 'A', { factor: 0.97 }],
    ['hollister-grant', 'B'],
    ['hollister-grant', 'D'],
    ['banque-delacroix-cib', 'A', { factor: 1.08 }],
    ['banque-delacroix-cib', 'B'],
    ['banque-delacroix-cib', 'C'],
    ['rhenania-bank-research', 'A', { factor: 0.86 }],
    ['rhenania-bank-research', 'B'],
    ['rhenania-bank-research', 'E'],
    ['mercer-lowell-capital-markets', 'A', { factor: 1.02 }],
    ['mercer-lowell-capital-markets', 'B', { factor: 0.84 }],
    ['mercer-lowell-capital-markets', 'C'],
    [
      'takamura-securities',
      'A',
      {
        factor: 0.38,
        rationale: `Legacy rate agreed in ${firstYear - 2}; the provider has not re-priced it.`,
      },
    ],
    ['takamura-securities', 'B'],
    ['helvetic-union-bank', 'A', { factor: 1 }],
    ['helvetic-union-bank', 'B'],
    // Regional brokers
    ['brackenbury-co', 'A', { factor: 1 }],
    ['brackenbury-co', 'B'],
    [
      'tolland-shore-securities',
      'A',
      {
        jointFrom: lastYear,
        shareBps: 3.5,
        notes: `Joint payment from August ${lastYear}: research share agreed in basis points.`,
      },
    ],
    ['tolland-shore-securities', 'D'],
    ['caldwell-renshaw', 'A', { startMonth: 4, termYears: 2 }],
    ['caldwell-renshaw', 'B'],
    ['skagen-nord-markets', 'A', { from: firstYear + 1 }],
    ['skagen-nord-markets', 'B', { from: firstYear + 1 }],
    ['oberhaus-equities', 'A'],
    ['oberhaus-equities', 'C', { notes: 'Desk commentary only: minor non-monetary benefit.' }],
    ['van-loon-effecten', 'A', { jointFrom: lastYear, shareBps: 4 }],
    [
      'iberia-capital-research',
      'A',
      { to: firstYear, notes: `Dropped at the ${firstYear + 1} review.` },
    ],
    // Premium brokers
    ['redfern-research-partners', 'A', { factor: 1.38 }],
    ['redfern-research-partners', 'B'],
    ['carrow-street-research', 'A', { factor: 0.95 }],
    ['carrow-street-research', 'B'],
    ['longacre-research', 'A'],
    ['longacre-research', 'C'],
    ['bramwell-keane', 'A', { factor: 1.55 }],
    ['bramwell-keane', 'B'],
    // Independents
    ['ravenscourt-independent-research', 'A'],
    ['ravenscourt-independent-research', 'B'],
    ['beaumont-street-research', 'A', { startMonth: 2, termYears: 1 }],
    ['lantern-equity-research', 'A', { factor: 0.82 }],
    ['pelham-forensic-research', 'A'],
    ['pelham-forensic-research', 'C'],
    ['marchmont-sector-research', 'A', { factor: 0.85 }],
    ['castellan-research', 'A', { frequency: 'quarterly' }],
    ['alderney-credit-research', 'A'],
    ['alderney-credit-research', 'B'],
    ['greenhithe-small-cap-research', 'A'],
    ['quayside-esg-research', 'A', { from: firstYear + 2 }],
    // Expert networks
    ['guildhall-expert-network', 'A', { factor: 1.4 }],
    [
      'keyline-expert-network',
      'B',
      {
        overpaidIn: lastYear,
        notes: `Top-ups in Q3 and Q4 ${lastYear} for the healthcare review.`,
      },
    ],
    // Macro and data
    ['fenwick-economics', 'A'],
    ['fenwick-economics', 'B'],
    ['stratford-economic-advisers', 'A'],
    ['quantile-consensus-data', 'A'],
    ['cirrus-earnings-models', 'B'],
  ]
}

/**
 * How many of the 11 same-tier peers buy each of Northbridge's lines: every one (or all but
 * one) for its main providers, so that those cells show quartiles; 5 to 9 for the next ones
 * (a median only); fewer than 5 for the rest (the fallback ladder).
 */
export const TOP_CELLS = new Set([
  'ashcombe-global-markets:A',
  'calloway-brothers:A',
  'hollister-grant:A',
  'banque-delacroix-cib:A',
  'rhenania-bank-research:A',
  'mercer-lowell-capital-markets:A',
  'takamura-securities:A',
  'helvetic-union-bank:A',
  'redfern-research-partners:A',
  'carrow-street-research:A',
  'guildhall-expert-network:A',
  'keyline-expert-network:B',
  'ashcombe-global-markets:B',
  'calloway-brothers:B',
  'hollister-grant:B',
  'mercer-lowell-capital-markets:B',
])
export const MEDIUM_CELLS = new Set([
  'brackenbury-co:A',
  'caldwell-renshaw:A',
  'skagen-nord-markets:A',
  'oberhaus-equities:A',
  'longacre-research:A',
  'bramwell-keane:A',
  'ravenscourt-independent-research:A',
  'beaumont-street-research:A',
  'lantern-equity-research:A',
  'pelham-forensic-research:A',
  'marchmont-sector-research:A',
  'alderney-credit-research:A',
  'fenwick-economics:A',
  'quantile-consensus-data:A',
  'banque-delacroix-cib:B',
  'rhenania-bank-research:B',
  'takamura-securities:B',
  'helvetic-union-bank:B',
  'ashcombe-global-markets:C',
  'calloway-brothers:C',
])

const pacificCrestLines = ({ firstYear }: DemoCalendar): NorthbridgeLine[] => [
  ['calloway-brothers', 'A'],
  ['calloway-brothers', 'B'],
  ['hollister-grant', 'A'],
  ['hollister-grant', 'B'],
  ['mercer-lowell-capital-markets', 'A'],
  ['mercer-lowell-capital-markets', 'B'],
  ['ashcombe-global-markets', 'F'],
  ['helvetic-union-bank', 'F'],
  ['sixth-avenue-research', 'A'],
  ['sixth-avenue-research', 'C'],
  ['carrow-street-research', 'A'],
  ['carrow-street-research', 'B'],
  ['lantern-equity-research', 'A'],
  ['pelham-forensic-research', 'A'],
  ['pelham-forensic-research', 'C'],
  ['blackstairs-technology-research', 'A'],
  ['blackstairs-technology-research', 'B'],
  ['vireo-healthcare-research', 'A'],
  ['sable-island-research', 'A', { to: firstYear + 1 }],
  ['keyline-expert-network', 'A'],
  ['cogent-expert-network', 'A'],
  ['quantile-consensus-data', 'A'],
  ['signalhouse-analytics', 'A'],
  ['panorama-alternative-data', 'B', { from: firstYear + 2 }],
  ['ardmore-macro-strategy', 'A'],
]

/** The sectors a provider's work is mostly about (the others spread over every sector). */
export const SECTOR_FOCUS: Record<string, string[]> = {
  'bay-colony-research': ['Health Care'],
  'vireo-healthcare-research': ['Health Care'],
  'sable-island-research': ['Energy'],
  'montrose-energy-analysts': ['Energy', 'Utilities'],
  'bramwell-keane': ['Utilities', 'Energy', 'Materials'],
  'blackstairs-technology-research': ['Information Technology'],
  'sixth-avenue-research': ['Information Technology', 'Communication Services'],
  'castellan-research': ['Communication Services'],
  'longacre-research': ['Financials'],
  'clement-lane-research': ['Financials'],
  'alderney-credit-research': ['Financials', 'Industrials', 'Consumer Discretionary'],
  'marchmont-sector-research': ['Consumer Discretionary', 'Consumer Staples'],
  'osprey-point-research': ['Industrials'],
  'oberhaus-equities': ['Industrials', 'Consumer Discretionary'],
  'southern-cross-equities': ['Materials', 'Energy'],
  'straits-pacific-securities': ['Real Estate', 'Financials'],
  'van-loon-effecten': ['Information Technology', 'Materials'],
}

export const SECTOR_WEIGHTS: [string, number][] = [
  ['Information Technology', 16],
  ['Financials', 15],
  ['Health Care', 12],
  ['Industrials', 12],
  ['Consumer Discretionary', 10],
  ['Communication Services', 8],
  ['Consumer Staples', 7],
  ['Energy', 6],
  ['Materials', 6],
  ['Utilities', 4],
  ['Real Estate', 4],
]

export const ASSESSMENT_BY_TYPE: Record<ResearchProviderType, AssessmentCategory[]> = {
  bulge_bracket: ['research_quality', 'analyst_access', 'corporate_access', 'models'],
  regional_broker: ['research_quality', 'analyst_access', 'corporate_access'],
  premium_broker: ['research_quality', 'analyst_access', 'bespoke', 'models'],
  independent: ['research_quality', 'analyst_access', 'bespoke', 'models'],
  expert_network: ['analyst_access', 'bespoke'],
  macro_consultancy: ['macro', 'research_quality', 'analyst_access'],
  data_vendor: ['models', 'research_quality'],
}

const COMMENTS: Record<'high' | 'mid' | 'low', string[]> = {
  high: [
    'Consistently first with the read-across; analysts return calls the same day.',
    'Best models in the sector, used in every earnings season.',
    'Bespoke work on the supply chain was decisive for two positions.',
    'Sector team stable and experienced; strong conviction calls.',
  ],
  mid: [
    'Solid coverage but little differentiated thinking this year.',
    'Good written research, access to the senior analyst hard to get.',
    'Useful for maintenance research; not a source of ideas.',
    'Quality varies by sector: strong in industrials, weak in health care.',
  ],
  low: [
    'Lost the lead analyst in Q2; coverage thinner since.',
    'Rarely used by the team; candidate for a cut at the next review.',
    'Models late and error-prone this year.',
    'Corporate access events did not justify the cost.',
  ],
}

/** The team's own people (internal consumers of research), by first and last name. */
const STAFF_FIRST = ['Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Ava', 'Noah', 'Freya']
const STAFF_LAST = ['Whitfield', 'Ashworth', 'Pemberton', 'Carlisle', 'Harcourt', 'Lyndon']

/**
 * Seeds the research spend demo data (see the module comment). Expects the demo teams, users
 * and reference data (currencies, rates) to be there. Returns the rows written per table.
 */
export async function seedResearchSpend(
  trx: TransactionClientContract,
  options: ResearchSpendOptions = {}
) {
  const today = options.today ?? clock.now()
  const calendar = demoCalendar(today)
  const now = today.toFormat(trx.dialect.dateTimeFormat)
  const providers = await seedResearchProviders(trx)
  const byKey = new Map(providers.map((provider) => [provider.key, provider]))
  const rates = await usdRates(trx)

  const northbridge = await trx.from('teams').where('name', NORTHBRIDGE).firstOrFail()
  const pacificCrest = await trx.from('teams').where('name', PACIFIC_CREST).firstOrFail()
  const userIdOf = async (email: string) => {
    const row = await trx.from('users').where('email', email).select('id').first()
    return row ? Number(row.id) : null
  }
  const analystId = await userIdOf('analyst@example.com')
  const pmId = await userIdOf('pm@example.com')

  const plans: TeamPlan[] = []
  plans.push(northbridgePlan(calendar, northbridge, rates, byKey, analystId))
  plans.push(pacificCrestPlan(calendar, pacificCrest, rates, byKey, analystId, pmId))

  for (const [index, spec] of PEER_TEAMS.entries()) {
    const team = await createTeam(
      {
        name: spec.name,
        currencyCode: spec.currencyCode,
        teamTypeKey: spec.teamTypeKey,
        region: spec.region,
        moduleNames: [MODULES.rsaBudgets],
      },
      trx
    )
    plans.push(peerPlan(calendar, index, spec, team.id, rates, providers))
  }

  const writer = new BulkWriter(trx)
  const tables = await openTables(writer)
  for (const plan of plans) await writeTeam(tables, plan, byKey, calendar, now)

  // The research spend data collection, open for next year's figures (firms set next year's
  // budget in the autumn).
  for (const team of [northbridge, pacificCrest]) {
    await trx.table('data_collections').insert({
      team_id: team.id,
      name: `Research spend ${calendar.nextYear}`,
      due_date: isoDay(calendar.today.plus({ days: 45 })),
      status: 'open',
      kind: 'rsa',
      year: calendar.nextYear,
      created_at: calendar.today.minus({ days: 14 }).toFormat(trx.dialect.dateTimeFormat),
    })
  }
  await writer.finish()

  if (options.recompute ?? true) {
    await recomputeRsaStatistics({ years: calendar.years, trigger: 'demo_seed' }, trx)
  }
  return writer.counts()
}

/**
 * US dollars per unit of each currency, as the stored reference set has it: the demo's teams are
 * sized (AUM tiers) and priced once, whatever the year; the product converts each year's
 * figures at that year's own set.
 */
export async function usdRates(trx: TransactionClientContract) {
  const rows: { id: number; code: string; exchange_rate: string | number }[] = await trx
    .from('exchange_rates')
    .join('currencies as source', 'source.id', 'exchange_rates.from_currency_id')
    .join('currencies as target', 'target.id', 'exchange_rates.to_currency_id')
    .where('target.code', BENCHMARK_CURRENCY)
    .where('exchange_rates.as_of', EXCHANGE_RATES_AS_OF)
    .select('source.id', 'source.code', 'exchange_rates.exchange_rate')
  return new Map(
    rows.map((row) => [row.code, { id: Number(row.id), usdPerUnit: Number(row.exchange_rate) }])
  )
}

type Rates = Awaited<ReturnType<typeof usdRates>>

function rateOf(rates: Rates, code: string) {
  const rate = rates.get(code)
  if (!rate) throw new Error(`No exchange rate from ${code} to ${BENCHMARK_CURRENCY}`)
  return rate
}

function contractDefaults(random: Random): Pick<LinePlan, 'startMonth' | 'termYears'> {
  const startMonth = random.chance(0.7) ? 1 : random.pick([7, 10, 6, 9])
  const termYears = random.weighted([
    [1, 60],
    [2, 30],
    [3, 10],
  ] as const)
  return { startMonth, termYears }
}

function planLines(
  calendar: DemoCalendar,
  entries: NorthbridgeLine[],
  byKey: Map<string, SeededResearchProvider>,
  random: Random,
  defaultFactor: () => number
): LinePlan[] {
  return entries.map(([key, code, overrides = {}]) => {
    const provider = byKey.get(key)
    if (!provider) throw new Error(`Unknown research provider ${key}`)
    const offering = offeringOf(provider.type, code)
    return {
      provider,
      offering,
      factor: defaultFactor(),
      from: calendar.firstYear,
      to: calendar.currentYear,
      ...contractDefaults(random),
      frequency: defaultFrequency(offering, random),
      seats: seatsFor(offering, random),
      ...overrides,
    }
  })
}

function defaultFrequency(offering: Offering, random: Random): 'annual' | 'quarterly' {
  if (offering.price === 'fixed_fee' || offering.price === 'tiered_subscription') {
    return random.chance(0.6) ? 'annual' : 'quarterly'
  }
  return 'quarterly'
}

function seatsFor(offering: Offering, random: Random) {
  return offering.access === 'named_users' ? random.int(3, 12) : null
}

function staffEmails(random: Random, count: number) {
  const emails = new Set<string>()
  while (emails.size < count) {
    emails.add(`${random.pick(STAFF_FIRST)}.${random.pick(STAFF_LAST)}@example.com`.toLowerCase())
  }
  return [...emails]
}

/** A figure per demo year, oldest first: the last one is the current year's. */
function byDemoYear<T>(calendar: DemoCalendar, values: T[]) {
  return (year: number) =>
    values[Math.min(values.length - 1, Math.max(0, year - calendar.firstYear))]
}

function northbridgePlan(
  calendar: DemoCalendar,
  team: { id: number; currency_id: number },
  rates: Rates,
  byKey: Map<string, SeededResearchProvider>,
  analystId: number | null
): TeamPlan {
  const random = new Random('rsa-demo:northbridge')
  const gbp = rateOf(rates, 'GBP')
  const { firstYear, lastYear } = calendar

  const staff = staffEmails(random, 24)
  const entries = northbridgeLines(calendar)
  const lines = planLines(calendar, entries, byKey, random, () => random.between(0.93, 1.07))
  // Contracts end with the calendar year unless stated (a few renewals fall due early next
  // year).
  for (const [index, line] of lines.entries()) {
    const overrides = entries[index][2] ?? {}
    if (overrides.startMonth === undefined) {
      line.startMonth = 1
      line.termYears = random.chance(0.7) ? 1 : 2
    }
  }
  return {
    key: 'NB',
    teamId: team.id,
    currencyId: gbp.id,
    usdPerUnit: gbp.usdPerUnit,
    profile: (year) => ({
      // AUM in billions of pounds, with the market (the 2022 fall, then growth).
      totalAum: Math.round(30.2 * marketLevel(year) * 10) * 1e8,
      activeAum: Math.round(18.1 * marketLevel(year) * 10) * 1e8,
      firmType: 'long_only',
      paymentMethod: year >= lastYear ? 'joint_payment' : 'p_and_l',
      domicile: 'UK',
      pms: byDemoYear(calendar, [23, 24, 24, 25, 26, 26])(year),
      analysts: byDemoYear(calendar, [27, 28, 29, 31, 30, 31])(year),
    }),
    lines,
    interactionsPerYear: byDemoYear(calendar, [5020, 5180, 4870, 5060, 4960, 5040]),
    usage: { 'lantern-equity-research': 7, 'helvetic-union-bank': 0.06 },
    unusedFrom: { key: 'castellan-research', year: lastYear },
    unpaid: [
      { key: 'prairie-state-securities', perYear: 5 },
      { key: 'polymath-expert-network', perYear: 4 },
    ],
    approvedAt: (year) =>
      year === firstYear + 1
        ? `${year}-01-24 16:05:00`
        : `${year - 1}-12-${year === lastYear ? '05' : '09'} 11:30:00`,
    approvedBy: analystId,
    emails: [
      ['analyst@example.com', analystId, 30],
      ...staff.map((email): [string, null, number] => [email, null, 60 / staff.length]),
      [null, null, 10],
    ],
    assessed: true,
    voter: analystId,
  }
}

function pacificCrestPlan(
  calendar: DemoCalendar,
  team: { id: number },
  rates: Rates,
  byKey: Map<string, SeededResearchProvider>,
  analystId: number | null,
  pmId: number | null
): TeamPlan {
  const random = new Random('rsa-demo:pacific-crest')
  const usd = rateOf(rates, 'USD')
  // Total AUM in billions of dollars, with the market.
  const aum = (year: number) => Math.round(8.1 * marketLevel(year) * 10) / 10
  const staff = staffEmails(random, 8).map((email) => email.replace('@', '.pc@'))
  const tier = TIER_PRICE_FACTOR['0-10']
  return {
    key: 'PC',
    teamId: team.id,
    currencyId: usd.id,
    usdPerUnit: usd.usdPerUnit,
    profile: (year) => ({
      totalAum: aum(year) * 1e9,
      activeAum: aum(year) * 0.95 * 1e9,
      firmType: 'hedge_fund',
      paymentMethod: 'csa_28e',
      domicile: 'US',
      pms: 9,
      analysts: byDemoYear(calendar, [13, 14, 14, 15, 16, 16])(year),
    }),
    lines: planLines(
      calendar,
      pacificCrestLines(calendar),
      byKey,
      random,
      () => tier * random.between(0.88, 1.12)
    ),
    interactionsPerYear: byDemoYear(calendar, [1380, 1420, 1510, 1560, 1630, 1690]),
    approvedAt: (year) => `${year - 1}-12-15 10:00:00`,
    approvedBy: analystId,
    emails: [
      ['analyst@example.com', analystId, 30],
      ['pm@example.com', pmId, 40],
      ...staff.map((email): [string, null, number] => [email, null, 20 / staff.length]),
      [null, null, 10],
    ],
    assessed: true,
    voter: analystId,
  }
}

function peerPlan(
  calendar: DemoCalendar,
  index: number,
  spec: TeamSpec,
  teamId: number,
  rates: Rates,
  providers: SeededResearchProvider[]
): TeamPlan {
  const random = new Random(`rsa-demo:peer:${spec.name}`)
  const rate = rateOf(rates, spec.currencyCode)
  const tier = aumTierOf(spec.aum * 1e9 * rate.usdPerUnit)
  const tierFactor = TIER_PRICE_FACTOR[tier]
  const sameTier = tier === '10-50'
  const peerFactor = () => tierFactor * random.between(0.82, 1.18)
  const chosen = new Map<string, LinePlan>()
  const add = (provider: SeededResearchProvider, offering: Offering) => {
    const cell = `${provider.key}:${offering.service}`
    if (chosen.has(cell)) return
    chosen.set(cell, {
      provider,
      offering,
      factor: peerFactor(),
      from: calendar.firstYear,
      to: calendar.currentYear,
      ...contractDefaults(random),
      frequency: defaultFrequency(offering, random),
      seats: seatsFor(offering, random),
    })
  }
  const byKey = new Map(providers.map((provider) => [provider.key, provider]))

  // Northbridge's cells: which same-tier peers buy them is fixed by the peer's index, so that
  // the number of contributors per cell is as planned whatever the draws.
  const sameTierIndex = PEER_TEAMS.filter((team) => isSameTier(team, rates)).indexOf(spec)
  const northbridgeCells = northbridgeLines(calendar)
  for (const [key, code] of northbridgeCells) {
    const cell = `${key}:${code}`
    const provider = byKey.get(key)!
    const offering = offeringOf(provider.type, code)
    let buys: boolean
    if (sameTier) {
      const seed = new Random(`rsa-demo:cell:${cell}`)
      const contributors = TOP_CELLS.has(cell)
        ? seed.int(10, 11)
        : MEDIUM_CELLS.has(cell)
          ? seed.int(5, 9)
          : seed.int(0, 4)
      buys = seed
        .shuffle([...Array(11).keys()])
        .slice(0, contributors)
        .includes(sameTierIndex)
    } else {
      const odds =
        tier === '0-10'
          ? TOP_CELLS.has(cell)
            ? 0.35
            : 0.15
          : TOP_CELLS.has(cell)
            ? 0.9
            : MEDIUM_CELLS.has(cell)
              ? 0.6
              : 0.25
      buys = random.chance(odds)
    }
    // Small teams often take the banks' written-only tier instead of full access.
    if (buys && tier === '0-10' && provider.type === 'bulge_bracket' && code === 'A') {
      add(provider, random.chance(0.5) ? offeringOf(provider.type, 'F') : offering)
    } else if (buys) {
      add(provider, offering)
    }
  }

  // Then providers of their own, the popular offerings first, up to the team's size.
  const target =
    tier === '0-10'
      ? random.int(15, 22)
      : tier === '10-50'
        ? random.int(30, 42)
        : tier === '50-100'
          ? random.int(38, 44)
          : random.int(42, 45)
  const options = providers.flatMap((provider) =>
    OFFERINGS[provider.type].map((offering) => ({
      provider,
      offering,
      weight: (offering.code === 'A' ? 4 : 1) * (provider.type === 'bulge_bracket' ? 2 : 1),
    }))
  )
  let guard = 0
  while (chosen.size < target && guard++ < 500) {
    const option = random.weighted(options.map((entry) => [entry, entry.weight] as const))
    if (option.offering.price === 'free') continue
    add(option.provider, option.offering)
  }
  // Lines of their own come and go; Northbridge's cells stay every year (peer counts hold).
  const lines = [...chosen.values()]
  for (const line of lines) {
    const cell = `${line.provider.key}:${line.offering.code}`
    if (northbridgeCells.some(([key, code]) => `${key}:${code}` === cell)) continue
    if (random.chance(0.12))
      line.from = random.pick([calendar.firstYear + 1, calendar.firstYear + 2])
    else if (random.chance(0.1))
      line.to = random.pick([calendar.firstYear + 1, calendar.firstYear + 2])
  }

  const base = spec.aum
  const noise = new Map(calendar.years.map((year) => [year, random.between(0.97, 1.03)]))
  const aumUsd = base * rate.usdPerUnit
  const professionals = Math.round(6 + Math.sqrt(aumUsd) * 4)
  const interactions =
    tier === '0-10'
      ? random.int(800, 1200)
      : tier === '10-50'
        ? random.int(1200, 2000)
        : random.int(2000, 2500)
  return {
    key: `P${String(index + 1).padStart(2, '0')}`,
    teamId,
    currencyId: rate.id,
    usdPerUnit: rate.usdPerUnit,
    profile: (year) => {
      const total = base * marketLevel(year) * (noise.get(year) ?? 1)
      return {
        totalAum: Math.round(total * 100) * 1e7,
        activeAum: Math.round(total * spec.activeShare * 100) * 1e7,
        firmType: spec.firmType,
        paymentMethod:
          year >= calendar.lastYear && spec.paymentMethodFromLastYear
            ? spec.paymentMethodFromLastYear
            : spec.paymentMethod,
        domicile: spec.domicile,
        pms: Math.round(professionals * 0.45),
        analysts: Math.round(professionals * 0.55),
      }
    },
    lines,
    interactionsPerYear: (year) =>
      Math.round(interactions * (0.9 + (year - calendar.firstYear) * 0.04)),
    approvedAt: (year) => {
      // One peer never approved its first year's budget; one approved its third one late.
      if (index === 11 && year === calendar.firstYear) return null
      if (index === 3 && year === calendar.firstYear + 2) return `${year}-02-10 09:00:00`
      return `${year - 1}-${random.pick(['11', '12'])}-${String(random.int(1, 20)).padStart(2, '0')} 10:00:00`
    },
    approvedBy: null,
    emails: [[null, null, 1]],
    assessed: false,
    voter: null,
  }
}

function isSameTier(spec: TeamSpec, rates: Rates) {
  return aumTierOf(spec.aum * 1e9 * rateOf(rates, spec.currencyCode).usdPerUnit) === '10-50'
}

interface Tables {
  profiles: TableWriter
  budgets: TableWriter
  lines: TableWriter
  payments: TableWriter
  interactions: TableWriter
  assessments: TableWriter
}

/** The interactions' columns the demo seed writes (every one a CRM export carries). */
export const INTERACTION_COLUMNS = [
  'team_id',
  'provider_id',
  'occurred_on',
  'interaction_type',
  'analyst_name',
  'user_email',
  'user_id',
  'duration_min',
  'sector',
  'region',
  'asset_class',
  'source_system',
  'external_ref',
  'valued',
  'created_at',
] as const

/**
 * The tables' writers, parents first (a batch is written after the rows it refers to). The
 * generator writes fewer interaction columns (the others keep their defaults).
 */
export async function openTables(
  writer: BulkWriter,
  interactionColumns: readonly string[] = INTERACTION_COLUMNS
): Promise<Tables> {
  return {
    profiles: await writer.table('rsa_team_profiles', [
      'team_id',
      'year',
      'currency_id',
      'total_aum',
      'active_aum',
      'aum_tier',
      'firm_type',
      'payment_method',
      'domicile',
      'portfolio_managers',
      'analysts',
      'created_at',
      'updated_at',
    ]),
    budgets: await writer.table(
      'rsa_budgets',
      [
        'id',
        'team_id',
        'year',
        'currency_id',
        'status',
        'total_budget',
        'period_start',
        'period_end',
        'approved_at',
        'approved_by_id',
        'created_at',
        'updated_at',
      ],
      { withIds: true }
    ),
    lines: await writer.table(
      'rsa_budget_lines',
      [
        'id',
        'budget_id',
        'team_id',
        'year',
        'provider_id',
        'service_type',
        'price_type',
        'access_type',
        'seats',
        'contract_start',
        'contract_end',
        'renewal_notice_days',
        'budget_amount',
        'contracted_price',
        'currency_id',
        'payment_frequency',
        'research_share_bps',
        'pricing_rationale',
        'notes',
        'created_at',
        'updated_at',
      ],
      { withIds: true }
    ),
    payments: await writer.table('rsa_payments', [
      'budget_line_id',
      'team_id',
      'paid_on',
      'amount',
      'currency_id',
      'invoice_ref',
      'source',
      'created_at',
    ]),
    interactions: await writer.table('rsa_interactions', interactionColumns),
    assessments: await writer.table('rsa_assessments', [
      'team_id',
      'year',
      'provider_id',
      'category',
      'score',
      'voter_user_id',
      'comment',
      'created_at',
    ]),
  }
}

/** Money as NUMERIC text with two decimals. */
function money(amount: number) {
  return (Math.round(amount * 100) / 100).toFixed(2)
}

/** Prices as quoted: to the nearest 500 of the currency. */
export function quoted(amount: number) {
  return Math.max(0, Math.round(amount / 500) * 500)
}

export const SOURCE_OF: Record<PaymentMethod, string> = {
  p_and_l: 'p_and_l',
  rpa_accounting: 'rpa',
  rpa_transactional: 'rpa',
  joint_payment: 'joint',
  csa_28e: 'csa_sweep',
}

/** 'YYYY-MM-DD' of a UTC date. */
function iso(year: number, month: number, day: number) {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10)
}

/**
 * The contract running in mid-year: cycles of `termYears` from the start month of the year two
 * years before the first year of data.
 */
export function contractFor(
  year: number,
  startMonth: number,
  termYears: number,
  firstYear: number
) {
  let start = firstYear - 2
  while (Date.UTC(start + termYears, startMonth - 1, 1) <= Date.UTC(year, 6, 1)) start += termYears
  return {
    start: iso(start, startMonth, 1),
    end: iso(start + termYears, startMonth, 0),
  }
}

async function writeTeam(
  tables: Tables,
  plan: TeamPlan,
  byKey: Map<string, SeededResearchProvider>,
  calendar: DemoCalendar,
  now: string
) {
  const random = new Random(`rsa-demo:write:${plan.key}`)
  for (const year of calendar.years) {
    const profile = plan.profile(year)
    const aumTier: AumTier = aumTierOf(profile.totalAum * plan.usdPerUnit)
    await tables.profiles.add(
      plan.teamId,
      year,
      plan.currencyId,
      money(profile.totalAum),
      money(profile.activeAum),
      aumTier,
      profile.firmType,
      profile.paymentMethod,
      profile.domicile,
      profile.pms,
      profile.analysts,
      now,
      now
    )

    const lines = plan.lines.filter((line) => line.from <= year && year <= line.to)
    const priced = lines.map((line) => {
      const usd = listPriceUsd(line.provider, line.offering, year) * line.factor
      const yearly = random.between(0.97, 1.03)
      const contracted =
        line.offering.price === 'free' ? 0 : quoted((usd * yearly) / plan.usdPerUnit)
      const budget =
        contracted === 0
          ? 0
          : line.offering.price === 'pay_per_use' || line.offering.price === 'vote_in_arrears'
            ? contracted
            : quoted(contracted * random.between(0.98, 1.04))
      return { line, contracted, budget }
    })
    const budgetId = tables.budgets.nextId()
    const approvedAt = plan.approvedAt(year)
    await tables.budgets.add(
      budgetId,
      plan.teamId,
      year,
      plan.currencyId,
      approvedAt ? 'approved' : 'draft',
      money(priced.reduce((sum, entry) => sum + entry.budget, 0)),
      iso(year, 1, 1),
      iso(year, 12, 31),
      approvedAt,
      approvedAt ? plan.approvedBy : null,
      approvedAt ?? `${year - 1}-11-01 09:00:00`,
      now
    )

    const spendUsd = new Map<string, number>()
    for (const { line, contracted, budget } of priced) {
      const id = tables.lines.nextId()
      const joint = line.jointFrom !== undefined && year >= line.jointFrom
      const contract = contractFor(year, line.startMonth, line.termYears, calendar.firstYear)
      await tables.lines.add(
        id,
        budgetId,
        plan.teamId,
        year,
        line.provider.id,
        line.offering.service,
        joint ? 'joint_payment' : line.offering.price,
        line.offering.access,
        line.seats,
        contract.start,
        contract.end,
        random.pick([30, 60, 90]),
        money(budget),
        money(contracted),
        plan.currencyId,
        line.offering.price === 'free' ? null : line.frequency,
        joint ? (line.shareBps ?? 3) : null,
        line.rationale ?? null,
        line.notes ?? null,
        now,
        now
      )
      spendUsd.set(
        line.provider.key,
        (spendUsd.get(line.provider.key) ?? 0) + contracted * plan.usdPerUnit
      )
      await writePayments(tables, plan, random, {
        id,
        year,
        line,
        budget,
        contracted,
        joint,
        source: SOURCE_OF[plan.profile(year).paymentMethod],
        until: paidUntil(calendar, year),
        now,
      })
    }

    await writeInteractions(
      tables,
      plan,
      random,
      byKey,
      year,
      paidUntil(calendar, year),
      spendUsd,
      now
    )
    if (plan.assessed)
      await writeAssessments(tables, plan, random, calendar, year, [...spendUsd.keys()], byKey, now)
  }
}

/** The last day with payments and interactions in a year: today in the current year. */
function paidUntil(calendar: DemoCalendar, year: number) {
  return year === calendar.currentYear ? isoDay(calendar.today) : `${year}-12-31`
}

async function writePayments(
  tables: Tables,
  plan: TeamPlan,
  random: Random,
  input: {
    id: number
    year: number
    line: LinePlan
    budget: number
    contracted: number
    joint: boolean
    source: string
    /** Payments falling after this day ('YYYY-MM-DD') are not made yet. */
    until: string
    now: string
  }
) {
  const { line, year } = input
  if (input.contracted === 0) return
  const price = input.joint ? 'joint_payment' : line.offering.price
  let total: number
  if (line.overpaidIn === year) total = input.budget * 1.25
  else if (price === 'pay_per_use' || price === 'vote_in_arrears')
    total = input.contracted * random.between(0.7, 1.02)
  else if (price === 'retainer') total = input.contracted * random.between(0.98, 1.12)
  else if (price === 'joint_payment') total = input.contracted * random.between(0.9, 1.08)
  else total = input.contracted * (random.chance(0.08) ? 0.75 : 1)

  const prefix = line.provider.key.slice(0, 4).toUpperCase()
  if (line.frequency === 'annual' && price !== 'pay_per_use' && price !== 'vote_in_arrears') {
    const day = new Date(Date.UTC(year, 1, 1) + random.int(0, 50) * 86_400_000)
      .toISOString()
      .slice(0, 10)
    if (day > input.until) return
    await tables.payments.add(
      input.id,
      plan.teamId,
      day,
      money(total),
      plan.currencyId,
      `${prefix}-${year}-${input.id}`,
      input.source,
      input.now
    )
    return
  }
  // Quarterly; usage-priced lines unevenly (top-ups come late in the year when overrun).
  const weights = [0, 1, 2, 3].map((quarter) =>
    line.overpaidIn === year
      ? [0.8, 0.9, 1.4, 1.5][quarter]
      : price === 'pay_per_use' || price === 'vote_in_arrears'
        ? random.between(0.6, 1.4)
        : 1
  )
  const parts = weights.map((weight) => (total * weight) / weights.reduce((a, b) => a + b, 0))
  // Fixed fees paid short skip the last quarter rather than paying less each time.
  const quarters =
    total < input.contracted * 0.8 && price !== 'pay_per_use' && price !== 'vote_in_arrears' ? 3 : 4
  for (let quarter = 0; quarter < quarters; quarter++) {
    const amount = quarters === 3 ? total / 3 : parts[quarter]
    const day = iso(year, quarter * 3 + 3, random.int(10, 25))
    if (day > input.until) break
    await tables.payments.add(
      input.id,
      plan.teamId,
      day,
      money(amount),
      plan.currencyId,
      `${prefix}-${year}-${input.id}-Q${quarter + 1}`,
      input.source,
      input.now
    )
  }
}

const analystPools = new Map<string, string[]>()

/** The provider's analysts (fictional people), the same in every team's records. */
export function analystsOf(provider: SeededResearchProvider) {
  let pool = analystPools.get(provider.key)
  if (!pool) {
    const random = new Random(`rsa-demo:analysts:${provider.key}`)
    const names = new Set<string>()
    const size = random.int(6, 12)
    while (names.size < size) names.add(`${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`)
    pool = [...names]
    analystPools.set(provider.key, pool)
  }
  return pool
}

const weekdays = new Map<number, { days: string[]; firstOfJuly: number }>()

/** The weekdays of a year as 'YYYY-MM-DD', and the index of the first one in July. */
export function weekdaysOf(year: number) {
  let entry = weekdays.get(year)
  if (!entry) {
    const days: string[] = []
    for (let day = Date.UTC(year, 0, 1); day <= Date.UTC(year, 11, 31); day += 86_400_000) {
      const weekday = new Date(day).getUTCDay()
      if (weekday !== 0 && weekday !== 6) days.push(new Date(day).toISOString().slice(0, 10))
    }
    entry = { days, firstOfJuly: days.findIndex((day) => day >= `${year}-07-01`) }
    weekdays.set(year, entry)
  }
  return entry
}

const pickSector = weightedPicker(SECTOR_WEIGHTS)
const mixPickers = new Map(
  Object.entries(INTERACTION_MIX).map(([type, mix]) => [type, weightedPicker(mix)])
)

async function writeInteractions(
  tables: Tables,
  plan: TeamPlan,
  random: Random,
  byKey: Map<string, SeededResearchProvider>,
  year: number,
  until: string,
  spendUsd: Map<string, number>,
  now: string
) {
  // The year's weekdays up to `until`: a year in progress has the share of its use so far.
  const yearDays = weekdaysOf(year)
  const days = yearDays.days.filter((day) => day <= until)
  if (days.length === 0) return
  const share = days.length / yearDays.days.length
  const keys = [...spendUsd.keys()]
  const weights = keys.map((key) => {
    const provider = byKey.get(key)!
    const typeFactor =
      provider.type === 'expert_network' ? 0.45 : provider.type === 'data_vendor' ? 0.8 : 1
    return Math.max(spendUsd.get(key)!, 8000) ** 0.8 * typeFactor * (plan.usage?.[key] ?? 1)
  })
  const unpaid = (plan.unpaid ?? []).map((entry) => ({
    key: entry.key,
    perYear: Math.round(entry.perYear * share),
  }))
  const total = Math.round(
    plan.interactionsPerYear(year) * share - unpaid.reduce((sum, entry) => sum + entry.perYear, 0)
  )
  const counts = apportion(total, weights)
  // Every provider paid has some use in each half year, so that "paid but unused" is specific.
  const minimum = Math.min(6, Math.floor(total / keys.length))
  for (let index = 0; index < counts.length; index++) {
    const shortfall = minimum - counts[index]
    if (shortfall <= 0) continue
    counts[index] += shortfall
    const largest = counts.indexOf(Math.max(...counts))
    counts[largest] -= shortfall
  }

  let sequence = 0
  const [start, end] = [0, days.length]
  // Before July of a year in progress there is no second half yet.
  const mid = Math.min(yearDays.firstOfJuly, end)
  const pickEmail = weightedPicker(
    plan.emails.map(([email, user, weight]) => [[email, user] as const, weight] as const)
  )
  const write = async (
    provider: SeededResearchProvider,
    type: InteractionType,
    from: number,
    to: number
  ) => {
    const [email, userId] = pickEmail(random)
    const durations = DURATION_RANGE[type]
    const focus = SECTOR_FOCUS[provider.key]
    const sector =
      provider.type === 'macro_consultancy'
        ? null
        : focus && random.chance(0.7)
          ? random.pick(focus)
          : pickSector(random)
    const draw = random.next()
    const region =
      draw < 0.6
        ? homeRegion(provider.hq)
        : draw < 0.85
          ? 'Global'
          : random.pick(INTERACTION_REGIONS)
    const assetClass =
      provider.type === 'macro_consultancy'
        ? 'multi_asset'
        : provider.key === 'alderney-credit-research'
          ? 'fixed_income'
          : random.chance(0.92)
            ? 'equity'
            : 'fixed_income'
    sequence++
    await tables.interactions.add(
      plan.teamId,
      provider.id,
      days[from + Math.floor(random.next() * (to - from))],
      type,
      random.pick(analystsOf(provider)),
      email,
      userId,
      durations ? random.int(durations[0], durations[1]) : null,
      sector,
      region,
      assetClass,
      'crm',
      `${plan.key}-${year}-${String(sequence).padStart(6, '0')}`,
      type !== 'corporate_access',
      now
    )
  }

  for (const [index, key] of keys.entries()) {
    const provider = byKey.get(key)!
    const mix = mixPickers.get(provider.type)!
    const unused = plan.unusedFrom?.key === key && plan.unusedFrom.year === year
    for (let count = 0; count < counts[index]; count++) {
      if (unused) {
        await write(provider, mix(random), start, mid)
      } else if (count < 2) {
        // One valued interaction in each half of the year (so far).
        const type = provider.type === 'data_vendor' ? 'model_download' : 'report_read'
        const [from, to] = count === 0 ? [start, mid] : mid < end ? [mid, end] : [start, end]
        await write(provider, type, from, to)
      } else {
        await write(provider, mix(random), start, end)
      }
    }
  }
  for (const entry of unpaid) {
    const provider = byKey.get(entry.key)!
    const substantive: InteractionType[] =
      provider.type === 'expert_network'
        ? ['analyst_call', 'one_to_one']
        : ['analyst_call', 'one_to_one', 'group_meeting', 'model_download']
    for (let count = 0; count < entry.perYear; count++) {
      await write(provider, substantive[count % substantive.length], start, end)
    }
  }
}

async function writeAssessments(
  tables: Tables,
  plan: TeamPlan,
  random: Random,
  calendar: DemoCalendar,
  year: number,
  keys: string[],
  byKey: Map<string, SeededResearchProvider>,
  now: string
) {
  for (const key of keys) {
    const provider = byKey.get(key)!
    const quality = 2.2 + new Random(`rsa-demo:quality:${plan.key}:${key}`).next() * 2.4
    const categories = random.sample(ASSESSMENT_BY_TYPE[provider.type], random.int(2, 4))
    for (const category of categories) {
      const score = Math.min(
        5,
        Math.max(1, quality + random.between(-0.6, 0.6) + (year - calendar.firstYear - 1) * 0.05)
      )
      const band = score >= 3.8 ? 'high' : score >= 2.6 ? 'mid' : 'low'
      await tables.assessments.add(
        plan.teamId,
        year,
        provider.id,
        category,
        score.toFixed(2),
        plan.voter,
        random.chance(0.25) ? random.pick(COMMENTS[band]) : null,
        now
      )
    }
  }
}
