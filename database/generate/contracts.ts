import { MODULES } from '#shared/modules'
import { roundToNearest } from '#shared/scenario_pricing'
import { apportion } from '#database/generate/apportion'
import {
  addDays,
  addYears,
  dayBetween,
  instantBetween,
  isoDate,
  money,
  type GenerationContext,
} from '#database/generate/context'
import { DIVISIONS, SUB_PRODUCTS } from '#database/generate/names'
import { regressionPrice, type GeneratedProvider } from '#database/generate/market_data'
import type { GeneratedAccounts, GeneratedTeam } from '#database/generate/accounts'
import type { Random } from '#database/generate/random'
import type { TableWriter } from '#database/generate/bulk'

/** One product line of a contract for one period (a product benchmark). */
export interface Line {
  id: number
  productId: number
  division: string | null
  start: number
  end: number
  payment: number
  benchmark: number
  currencyId: number
  /** Driver inputs, in the order of the provider's drivers (option drivers: the option id). */
  values: { driverId: number; value: number | null; optionId: number | null }[]
}

export interface GeneratedContract {
  id: number
  teamId: number
  providerId: number
  licenseTypeId: number
  reference: string
  start: number
  end: number
  lines: Line[]
}

/** A team's successive contracts with one provider: each renewal starts when the last ends. */
interface Chain {
  provider: GeneratedProvider
  contracts: GeneratedContract[]
}

/** Contracts the audit trail and other areas refer to (a sample, not every one). */
export interface ContractSample {
  contracts: GeneratedContract[]
}

const TERM_YEARS: [number, number][] = [
  [1, 30],
  [2, 25],
  [3, 35],
  [5, 10],
]

const LICENSE_ODDS = [40, 25, 30, 5]

const SCENARIO_NAMES = [
  'Ten more users on every product',
  'Cut seats by a quarter',
  'Renewal at current usage',
  'Move everyone to the top tier',
  'Budget review: trimmed footprint',
  'Expansion to the new office',
  'Consolidate onto fewer products',
]

const PROPOSAL_COMMENTS = [
  'Renewal with a price uplift after the usage review.',
  'Multi-year offer with a discount for committing now.',
  'Upsell of additional users following the new team hires.',
  'Quoted after the vendor’s list price increase.',
  null,
]

/**
 * Contracts of every team holding a contracts module (and the demo Northbridge and Helvetia
 * slices) with their product benchmarks, drivers and sub products, plus the scenarios,
 * proposals and data collections built on them — team by team, so that only one team's lines
 * are held at a time.
 */
export async function generateContracts(
  context: GenerationContext,
  accounts: GeneratedAccounts,
  providers: GeneratedProvider[]
): Promise<ContractSample> {
  const { writer, scale } = context
  const random = context.random('contracts')

  const writers = {
    contracts: await writer.table(
      'contracts',
      [
        'id',
        'team_id',
        'provider_id',
        'license_type_id',
        'reference',
        'start_date',
        'end_date',
        'document_path',
        'created_at',
        'updated_at',
      ],
      { withIds: true }
    ),
    benchmarks: await writer.table(
      'product_benchmarks',
      [
        'id',
        'contract_id',
        'product_id',
        'division',
        'start_date',
        'end_date',
        'payment',
        'benchmark_price',
        'currency_id',
        'created_at',
        'updated_at',
      ],
      { withIds: true }
    ),
    drivers: await writer.table('product_benchmark_drivers', [
      'product_benchmark_id',
      'driver_id',
      'value',
      'driver_option_id',
      'has_note',
      'note',
    ]),
    subProducts: await writer.table('sub_product_benchmarks', [
      'product_benchmark_id',
      'name',
      'benchmark_price',
      'currency_id',
      'start_date',
      'end_date',
    ]),
    scenarios: await writer.table('scenarios', [
      'team_id',
      'provider_id',
      'user_id',
      'name',
      'driver_values',
      'created_at',
      'updated_at',
    ]),
    proposals: await writer.table(
      'proposals',
      [
        'id',
        'team_id',
        'provider_id',
        'license_type_id',
        'reference',
        'received_on',
        'valid_until',
        'start_date',
        'end_date',
        'status',
        'comment',
        'created_at',
        'updated_at',
      ],
      { withIds: true }
    ),
    proposalItems: await writer.table('proposal_items', [
      'proposal_id',
      'product_id',
      'proposed_price',
      'currency_id',
    ]),
    collections: await writer.table(
      'data_collections',
      ['id', 'team_id', 'name', 'due_date', 'status', 'created_at', 'updated_at', 'year'],
      { withIds: true }
    ),
    submissions: await writer.table(
      'data_collection_submissions',
      [
        'id',
        'data_collection_id',
        'team_id',
        'user_id',
        'original_file_name',
        'stored_file_name',
        'file_size',
        'additional_comments',
        'delivery_date',
        'status',
        'status_comment',
        'row_count',
        'created_at',
        'updated_at',
      ],
      { withIds: true }
    ),
    rows: await writer.table('data_collection_rows', [
      'submission_id',
      'row_number',
      'provider_id',
      'product_id',
      'license_type_id',
      'contract_reference',
      'division',
      'start_date',
      'end_date',
      'annual_payment',
      'currency_id',
      'comment',
    ]),
  }

  const holdsContracts = (team: GeneratedTeam) =>
    team.modules.has(MODULES.marketDataContracts) || team.modules.has(MODULES.alternativeData)
  const generated = accounts.teams.filter((team) => !team.isDemo && holdsContracts(team))
  const quotas = apportion(
    scale.contracts - scale.northbridgeContracts - scale.helvetiaContracts,
    generated.map(() => random.between(0.3, 2.5))
  )
  const plan: [GeneratedTeam, number][] = [
    [accounts.northbridge, scale.northbridgeContracts],
    [accounts.helvetia, scale.helvetiaContracts],
    ...generated.map((team, index): [GeneratedTeam, number] => [team, quotas[index]]),
  ]
  const scenarioQuotas = apportion(
    scale.scenarios,
    plan.map(([, quota]) => quota)
  )
  const proposalQuotas = apportion(
    scale.proposals,
    plan.map(([, quota]) => quota)
  )

  const sample: GeneratedContract[] = []
  let done = 0
  for (const [index, [team, quota]] of plan.entries()) {
    const pool = providers.filter((provider) =>
      provider.type === 'market_data'
        ? team.modules.has(MODULES.marketDataContracts)
        : team.modules.has(MODULES.alternativeData)
    )
    if (pool.length === 0 || quota === 0) continue
    const chains = await teamContracts(context, random, writers, team, pool, quota)
    for (const chain of chains) {
      for (const contract of chain.contracts) {
        if (contract.id % 10 === 0) sample.push({ ...contract, lines: contract.lines.slice(0, 3) })
      }
    }
    // The demo analyst belongs to both demo teams: some of their scenarios and uploads are theirs.
    const authors = team.isDemo ? [context.demo.analystId, ...team.members] : team.members
    await teamScenarios(
      context,
      random,
      writers.scenarios,
      team,
      chains,
      authors,
      scenarioQuotas[index]
    )
    await teamProposals(context, random, writers, team, chains, proposalQuotas[index])
    if (team.modules.has(MODULES.marketDataDataCollection)) {
      await teamDataCollections(context, random, writers, team, chains, authors)
    }
    done += quota
    context.progress(done, scale.contracts)
  }
  return { contracts: sample }
}

type Writers = Record<
  | 'contracts'
  | 'benchmarks'
  | 'drivers'
  | 'subProducts'
  | 'scenarios'
  | 'proposals'
  | 'proposalItems'
  | 'collections'
  | 'submissions'
  | 'rows',
  TableWriter
>

async function teamContracts(
  context: GenerationContext,
  random: Random,
  writers: Writers,
  team: GeneratedTeam,
  pool: GeneratedProvider[],
  quota: number
) {
  const { reference, timestamp } = context
  const { firstDay, lastDay, asOf, firstYear } = context.calendar
  const usd = reference.currencies.find((entry) => entry.code === 'USD')!
  const order = random.shuffle(pool)
  const chains: Chain[] = []
  let remaining = quota
  let cursor = 0
  let sequence = 0
  while (remaining > 0) {
    const provider = order[cursor % order.length]
    cursor++
    const licenseIndex = random.weighted(
      reference.licenseTypes.map((_, position) => [position, LICENSE_ODDS[position] ?? 5] as const)
    )
    const licenseTypeId = reference.licenseTypes[licenseIndex].id
    // Some relationships lapse: the provider becomes one of the team's former providers.
    const lapses = random.chance(0.12)
    const chain: Chain = { provider, contracts: [] }
    let start = dayBetween(random, firstDay, Date.UTC(firstYear + 1, 11, 31))
    while (remaining > 0 && start <= lastDay) {
      const years = random.weighted(TERM_YEARS)
      const end = addDays(addYears(start, years), -1)
      const id = writers.contracts.nextId()
      sequence++
      const contract: GeneratedContract = {
        id,
        teamId: team.id,
        providerId: provider.id,
        licenseTypeId,
        reference: `${provider.key.split('-')[0].toUpperCase()}-${new Date(start).getUTCFullYear()}-${String(sequence).padStart(4, '0')}`,
        start,
        end,
        lines: [],
      }
      const createdAt = instantBetween(random, addDays(start, -45), start)
      await writers.contracts.add(
        id,
        team.id,
        provider.id,
        licenseTypeId,
        contract.reference,
        isoDate(start),
        isoDate(end),
        null,
        timestamp(createdAt),
        timestamp(createdAt)
      )

      // A few of the provider's products, one line per contract year.
      const products = random.sample(
        provider.products,
        provider.products.length <= 2
          ? provider.products.length
          : random.int(2, Math.min(8, provider.products.length))
      )
      const periods: [number, number][] = []
      for (let year = 0; year < years; year++) {
        periods.push([
          addYears(start, year),
          year === years - 1 ? end : addDays(addYears(start, year + 1), -1),
        ])
      }
      for (const product of products) {
        const values = provider.drivers.map((driver) => {
          if (!driver.numeric) {
            const option = random.pick(driver.options)
            return { driverId: driver.id, value: null, optionId: option.id, input: option.value }
          }
          const [min, max] = driver.bounds ?? [1, 100]
          const value = random.int(min, Math.min(max, min + random.int(4, 60)))
          return { driverId: driver.id, value, optionId: null, input: value }
        })
        const priceUsd = roundToNearest(
          regressionPrice(
            provider,
            product,
            licenseIndex,
            values.map((entry) => entry.input)
          )
        )
        const inUsd = random.chance(0.15)
        const currencyId = inUsd ? usd.id : team.currencyId
        const perUsd = inUsd ? 1 : team.usdPerUnit
        const paid = random.between(0.8, 1.25)
        const division = random.chance(0.6) ? random.pick(DIVISIONS) : null
        let growth = 1
        for (const [periodStart, periodEnd] of periods) {
          const benchmark = roundToNearest((priceUsd * growth) / perUsd)
          const payment = Math.round((priceUsd * growth * paid) / perUsd)
          const lineId = writers.benchmarks.nextId()
          await writers.benchmarks.add(
            lineId,
            id,
            product.id,
            division,
            isoDate(periodStart),
            isoDate(periodEnd),
            money(payment),
            money(benchmark),
            currencyId,
            timestamp(createdAt),
            timestamp(createdAt)
          )
          for (const entry of values) {
            const note = random.chance(0.03)
            await writers.drivers.add(
              lineId,
              entry.driverId,
              entry.value,
              entry.optionId,
              note,
              note ? 'Confirmed with the vendor at the last true-up.' : null
            )
          }
          if (product.hasSubProducts) {
            for (const [position, name] of SUB_PRODUCTS.entries()) {
              await writers.subProducts.add(
                lineId,
                name,
                money(roundToNearest(benchmark * [0.5, 0.3, 0.2][position])),
                currencyId,
                isoDate(periodStart),
                isoDate(periodEnd)
              )
            }
          }
          contract.lines.push({
            id: lineId,
            productId: product.id,
            division,
            start: periodStart,
            end: periodEnd,
            payment,
            benchmark,
            currencyId,
            values: values.map(({ driverId, value, optionId }) => ({ driverId, value, optionId })),
          })
          growth *= random.between(1.02, 1.07)
        }
      }
      chain.contracts.push(contract)
      remaining--
      if (lapses && end < asOf && random.chance(0.5)) break
      start = addDays(end, 1)
    }
    chains.push(chain)
  }
  return chains
}

/** Saved what-if scenarios on the team's current and upcoming lines with a provider. */
async function teamScenarios(
  context: GenerationContext,
  random: Random,
  scenarios: TableWriter,
  team: GeneratedTeam,
  chains: Chain[],
  authors: number[],
  quota: number
) {
  const { asOf } = context.calendar
  const current = chains
    .map((chain) => ({
      chain,
      lines: chain.contracts.flatMap((contract) =>
        contract.lines.filter((line) => line.end >= asOf)
      ),
    }))
    .filter((entry) => entry.lines.length > 0)
  if (current.length === 0 || authors.length === 0) return
  // A team's scenarios for a provider have distinct names: a repeated one is numbered.
  const taken = new Set<string>()
  for (let index = 0; index < quota; index++) {
    const { chain, lines } = random.pick(current)
    const change = random.pick([0.75, 0.9, 1.1, 1.25, 1.5])
    const values: Record<
      string,
      { driverId: number; value: number | null; optionId: number | null }[]
    > = {}
    for (const line of lines) {
      values[String(line.id)] = line.values.map((entry) => {
        if (entry.value === null) {
          const driver = chain.provider.drivers.find((item) => item.id === entry.driverId)!
          return { driverId: entry.driverId, value: null, optionId: random.pick(driver.options).id }
        }
        return {
          driverId: entry.driverId,
          value: Math.max(1, Math.round(entry.value * change)),
          optionId: null,
        }
      })
    }
    // Saved over the last year and a half.
    const createdAt = instantBetween(random, addDays(asOf, -520), asOf)
    const updatedAt = random.chance(0.3) ? instantBetween(random, createdAt, asOf) : createdAt
    const picked = random.pick(SCENARIO_NAMES)
    let name = picked
    for (let number = 2; taken.has(`${chain.provider.id}|${name}`); number++) {
      name = `${picked} (${number})`
    }
    taken.add(`${chain.provider.id}|${name}`)
    await scenarios.add(
      team.id,
      chain.provider.id,
      random.pick(authors),
      name,
      JSON.stringify(values),
      context.timestamp(createdAt),
      context.timestamp(updatedAt)
    )
  }
}

/** Renewal and upsell offers on the team's latest contracts, under review or decided. */
async function teamProposals(
  context: GenerationContext,
  random: Random,
  writers: Writers,
  team: GeneratedTeam,
  chains: Chain[],
  quota: number
) {
  const { reference, timestamp } = context
  const { firstDay, asOf } = context.calendar
  const usd = reference.currencies.find((entry) => entry.code === 'USD')!
  for (let index = 0; index < quota; index++) {
    const chain = random.pick(chains)
    const contract = random.pick(chain.contracts)
    const lastStart = Math.max(...contract.lines.map((line) => line.start))
    const lines = contract.lines.filter((line) => line.start === lastStart)
    let received = addDays(contract.end, -random.int(20, 150))
    if (received > asOf) received = addDays(asOf, -random.int(1, 60))
    if (received < firstDay) received = addDays(firstDay, random.int(0, 60))
    const recent = received > addDays(asOf, -90)
    const status = recent
      ? random.weighted([
          ['under_review', 70],
          ['accepted', 20],
          ['declined', 10],
        ] as const)
      : random.weighted([
          ['accepted', 55],
          ['declined', 45],
        ] as const)
    const startDate = new Date(addDays(received, 92))
    const start = Date.UTC(startDate.getUTCFullYear(), startDate.getUTCMonth(), 1)
    const id = writers.proposals.nextId()
    const inUsd = random.chance(0.1)
    const kind = random.chance(0.75) ? 'renewal offer' : 'upsell offer'
    await writers.proposals.add(
      id,
      team.id,
      chain.provider.id,
      contract.licenseTypeId,
      `${chain.provider.name} ${kind} ${new Date(start).getUTCFullYear()}`,
      isoDate(received),
      isoDate(addDays(received, random.pick([30, 45, 60, 90]))),
      isoDate(start),
      isoDate(addDays(addYears(start, 3), -1)),
      status,
      random.pick(PROPOSAL_COMMENTS),
      timestamp(received),
      timestamp(received)
    )
    for (const line of lines) {
      const factor = random.between(0.85, 1.2)
      const currency = reference.currencies.find((entry) => entry.id === line.currencyId)!
      const price = inUsd ? line.payment * currency.usdPerUnit * factor : line.payment * factor
      await writers.proposalItems.add(
        id,
        line.productId,
        money(Math.round(price)),
        inUsd ? usd.id : line.currencyId
      )
    }
  }
}

/**
 * A data collection per year (this year's open), each with the team's uploads: rejected then
 * resubmitted and completed files for past years, one waiting for review this year.
 */
async function teamDataCollections(
  context: GenerationContext,
  random: Random,
  writers: Writers,
  team: GeneratedTeam,
  chains: Chain[],
  authors: number[]
) {
  const { timestamp } = context
  const lines = chains.flatMap((chain) =>
    chain.contracts.flatMap((contract) => contract.lines.map((line) => ({ line, contract })))
  )
  // The demo seed already holds Helvetia's last two years; the current year's is open.
  const { asOf, currentYear } = context.calendar
  const first = team.isDemo ? currentYear - 5 : currentYear - 3
  const years = Array.from({ length: 4 }, (_, index) => first + index)
  for (const year of years) {
    const open = year === currentYear
    const due = open ? addDays(asOf, 45) : Date.UTC(year, 2, 31)
    const created = addDays(due, -61)
    const collectionId = writers.collections.nextId()
    await writers.collections.add(
      collectionId,
      team.id,
      `Market data contracts ${year}`,
      isoDate(due),
      open ? 'open' : 'closed',
      timestamp(created),
      timestamp(created),
      year
    )
    const statuses = open
      ? random.chance(0.7)
        ? [random.pick(['submitted', 'in_review'])]
        : []
      : [...Array.from({ length: random.int(0, 2) }, () => 'rejected'), 'completed']
    let delivered = addDays(due, -random.int(10, 40))
    for (const status of statuses) {
      const on = delivered
      const held = lines.filter(({ line }) => line.start <= on && line.end >= on).slice(0, 200)
      const submissionId = writers.submissions.nextId()
      const at = on + random.int(8, 18) * 3_600_000
      await writers.submissions.add(
        submissionId,
        collectionId,
        team.id,
        authors.length ? random.pick(authors) : null,
        `market-data-contracts-${year}${status === 'completed' ? '-final' : ''}.xlsx`,
        null,
        18_000 + held.length * 120,
        random.chance(0.4) ? 'Renewals under negotiation show current terms.' : null,
        isoDate(on),
        status,
        status === 'rejected'
          ? 'Payments were entered monthly rather than annually. Please resubmit annual amounts.'
          : null,
        held.length,
        timestamp(at),
        timestamp(at)
      )
      for (const [position, { line, contract }] of held.entries()) {
        await writers.rows.add(
          submissionId,
          position + 2,
          contract.providerId,
          line.productId,
          contract.licenseTypeId,
          contract.reference,
          line.division,
          isoDate(line.start),
          isoDate(line.end),
          money(line.payment),
          line.currencyId,
          null
        )
      }
      delivered = addDays(delivered, random.int(3, 9))
    }
  }
}
