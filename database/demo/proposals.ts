import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { insertReturningId } from '#services/db/insert'
import { DateTime } from 'luxon'
import { convert, latestRates, type ExchangeRate } from '#shared/currency_conversion'
import { datedRate } from '#services/currencies/currencies'

interface ProposalSeed {
  team: string
  provider: string
  /** {start} and {end}: the first and last year of the proposed three-year term. */
  reference: string
  receivedDaysAgo: number
  validForDays: number
  status: 'under_review' | 'accepted' | 'declined'
  /** Proposed price as a share of today's payment, one per product (in catalogue order). */
  factors: number[]
  /** Lines quoted in US dollars rather than the contract currency. */
  inUsd?: boolean
  comment: string
}

/**
 * Renewal and upsell offers for the demo teams: increases, savings and an unchanged line, one
 * quoted in another currency, one past its validity and a declined one, so the proposals page
 * shows every comparison.
 */
export const DEMO_PROPOSALS: ProposalSeed[] = [
  {
    team: 'Northbridge Asset Management',
    provider: 'bloomberg',
    reference: 'Bloomberg renewal offer {start}-{end}',
    receivedDaysAgo: 12,
    validForDays: 60,
    status: 'under_review',
    factors: [1.07, 0.95, 1, 1.12],
    comment:
      'Three-year renewal: 7% uplift on terminals and 12% on the data license after the usage audit; B-PIPE flat.',
  },
  {
    team: 'Northbridge Asset Management',
    provider: 'bloomberg',
    reference: 'Bloomberg enterprise bundle',
    receivedDaysAgo: 400,
    validForDays: 45,
    status: 'accepted',
    factors: [0.97, 0.98],
    comment: 'Bundle accepted for the current term.',
  },
  {
    team: 'Northbridge Asset Management',
    provider: 'lseg',
    reference: 'LSEG Workspace migration offer',
    receivedDaysAgo: 75,
    validForDays: 30,
    status: 'under_review',
    factors: [1.15, 1.04, 0.9],
    inUsd: true,
    comment: 'Quoted in US dollars; migration from legacy desktops included in year one.',
  },
  {
    team: 'Northbridge Asset Management',
    provider: 'factset',
    reference: 'FactSet analytics upgrade',
    receivedDaysAgo: 150,
    validForDays: 30,
    status: 'declined',
    factors: [1.25, 1.1],
    comment: 'Declined: the upgrade duplicated analytics already licensed elsewhere.',
  },
  {
    team: 'Helvetia Capital Partners',
    provider: 'bloomberg',
    reference: 'Bloomberg renewal {start}',
    receivedDaysAgo: 5,
    validForDays: 90,
    status: 'under_review',
    factors: [1.03, 1, 0.92],
    comment: 'Renewal with a reduced data license following the seat review.',
  },
  {
    team: 'Helvetia Capital Partners',
    provider: 'ice',
    reference: 'ICE pricing and reference data renewal',
    receivedDaysAgo: 20,
    validForDays: 60,
    status: 'under_review',
    factors: [1.09, 1.02],
    comment: 'Renewal of the evaluated pricing feed.',
  },
]

/** The seed's reference with the years of its proposed term (which follows the day of seeding). */
export function proposalReference(seed: Pick<ProposalSeed, 'reference'>, start: DateTime) {
  return seed.reference
    .replace('{start}', String(start.year))
    .replace('{end}', String(start.year + 2))
}

/** The first day of a proposal's term: the first of the month three months after receipt. */
export function proposalStart(seed: Pick<ProposalSeed, 'receivedDaysAgo'>, today: DateTime) {
  return today.minus({ days: seed.receivedDaysAgo }).plus({ months: 3 }).startOf('month')
}

export async function seedProposals(trx: TransactionClientContract, today = DateTime.now()) {
  const stamp = today.toFormat(trx.dialect.dateTimeFormat)
  const todayIso = today.toISODate()!
  const usd = await trx.from('currencies').where('code', 'USD').select('id').firstOrFail()
  // Proposals are priced today: at the latest set of rates, as the pages show them.
  const storedRates = await trx
    .from('exchange_rates')
    .select('from_currency_id', 'to_currency_id', 'exchange_rate', 'as_of')
  const rates: ExchangeRate[] = latestRates(storedRates.map(datedRate))

  for (const seed of DEMO_PROPOSALS) {
    const team = await trx.from('teams').where('name', seed.team).select('id').first()
    const provider = await trx
      .from('providers')
      .where('provider_key', seed.provider)
      .select('id')
      .first()
    if (!team || !provider) continue

    // The team's current contract with the provider: the proposal renews it.
    const contract = await trx
      .from('contracts')
      .where({ team_id: team.id, provider_id: provider.id })
      .where('start_date', '<=', todayIso)
      .where('end_date', '>=', todayIso)
      .orderBy('end_date', 'desc')
      .select('id', 'license_type_id', 'end_date')
      .first()
    if (!contract) continue
    const lines = await trx
      .from('product_benchmarks')
      .where('contract_id', contract.id)
      // The contract's current period (an ended year of it is history).
      .where('start_date', '<=', todayIso)
      .where('end_date', '>=', todayIso)
      .orderBy('product_id')
      .select('product_id', 'payment', 'currency_id')
      .limit(seed.factors.length)

    const received = today.minus({ days: seed.receivedDaysAgo })
    const start = proposalStart(seed, today)
    const proposalId = await insertReturningId(trx, 'proposals', {
      team_id: team.id,
      provider_id: provider.id,
      license_type_id: contract.license_type_id,
      reference: proposalReference(seed, start),
      received_on: received.toISODate(),
      valid_until: received.plus({ days: seed.validForDays }).toISODate(),
      start_date: start.toISODate(),
      end_date: start.plus({ years: 3 }).minus({ days: 1 }).toISODate(),
      status: seed.status,
      comment: seed.comment,
      created_at: stamp,
    })
    await trx.table('proposal_items').multiInsert(
      lines.map((line, index) => {
        const payment = Number(line.payment)
        // Quoted in USD: today's payment converted with the stored rate.
        const price = seed.inUsd
          ? (convert(payment, line.currency_id, usd.id, rates) ?? payment)
          : payment
        return {
          proposal_id: proposalId,
          product_id: line.product_id,
          proposed_price: Math.round(price * seed.factors[index]),
          currency_id: seed.inUsd ? usd.id : line.currency_id,
        }
      })
    )
  }
}
