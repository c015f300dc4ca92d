import db from '@adonisjs/lucid/services/db'
import { toIsoDate, todayIso } from '#services/market_data/benchmarks'
import {
  proposalStatus,
  PROPOSAL_STATUS_LABELS,
  type ProposalMatch,
  type ProposalStatus,
} from '#shared/proposal_comparison'

export interface ProposalItemView {
  id: number
  product: { id: number; name: string }
  proposed_price: number
  currency_id: number
  /** The team's product benchmark this line is compared with; null for a product it does not buy. */
  match:
    | (ProposalMatch & {
        product_benchmark_id: number
        contract_reference: string
        start_date: string
        end_date: string
      })
    | null
}

export interface ProposalView {
  id: number
  reference: string
  received_on: string
  valid_until: string | null
  start_date: string
  end_date: string
  status: ProposalStatus
  status_label: string
  license_type: string | null
  comment: string | null
  items: ProposalItemView[]
}

interface Candidate {
  id: number
  product_id: number
  payment: unknown
  benchmark_price: unknown
  currency_id: number | null
  start_date: unknown
  end_date: unknown
  license_type_id: number
  reference: string
}

/**
 * The benchmark a proposal line is compared with: among the team's benchmarks for the product,
 * one whose contract is current today first, then one under the proposal's license type, then
 * the latest ending.
 */
export function matchingBenchmark(
  candidates: Candidate[],
  licenseTypeId: number | null,
  today: string
) {
  const rank = (row: Candidate) => {
    const start = toIsoDate(row.start_date)
    const end = toIsoDate(row.end_date)
    return [
      start <= today && end >= today ? 1 : 0,
      licenseTypeId !== null && row.license_type_id === licenseTypeId ? 1 : 0,
      end,
    ] as const
  }
  let best: Candidate | null = null
  for (const candidate of candidates) {
    if (!best) {
      best = candidate
      continue
    }
    const [a, b] = [rank(candidate), rank(best)]
    if (a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2]) best = candidate
  }
  return best
}

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/**
 * The team's proposals from a provider, newest first, each line with its matching benchmark.
 * Three queries whatever the number of proposals.
 */
export async function proposalsForTeam(
  teamId: number,
  providerId: number,
  today = todayIso()
): Promise<ProposalView[]> {
  const proposals = await storedProposals(teamId, providerId, today)
  return proposals.map(({ view }) => view)
}

/**
 * The team's proposals as `proposalsForTeam` shows them, each with what is stored: its status
 * as recorded (not as it reads today) and its license type. The same three queries.
 */
export async function storedProposals(
  teamId: number,
  providerId: number,
  today = todayIso()
): Promise<{ view: ProposalView; status: string; licenseTypeId: number | null }[]> {
  const proposals = await db
    .from('proposals')
    .leftJoin('license_types', 'license_types.id', 'proposals.license_type_id')
    .where({ 'proposals.team_id': teamId, 'proposals.provider_id': providerId })
    .select(
      'proposals.id',
      'proposals.reference',
      'proposals.received_on',
      'proposals.valid_until',
      'proposals.start_date',
      'proposals.end_date',
      'proposals.status',
      'proposals.comment',
      'proposals.license_type_id',
      'license_types.name as license_type'
    )
    .orderBy('proposals.received_on', 'desc')
    .orderBy('proposals.id', 'desc')
  if (proposals.length === 0) return []

  const items = await db
    .from('proposal_items')
    .join('provider_products', 'provider_products.id', 'proposal_items.product_id')
    .whereIn(
      'proposal_items.proposal_id',
      proposals.map((row) => row.id)
    )
    .select(
      'proposal_items.id',
      'proposal_items.proposal_id',
      'proposal_items.proposed_price',
      'proposal_items.currency_id',
      'provider_products.id as product_id',
      'provider_products.name as product_name'
    )
    .orderBy('provider_products.name')

  const productIds = [...new Set(items.map((item) => item.product_id as number))]
  const candidates: Candidate[] = productIds.length
    ? await db
        .from('product_benchmarks')
        .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
        .where({ 'contracts.team_id': teamId, 'contracts.provider_id': providerId })
        .whereIn('product_benchmarks.product_id', productIds)
        .select(
          'product_benchmarks.id',
          'product_benchmarks.product_id',
          'product_benchmarks.payment',
          'product_benchmarks.benchmark_price',
          'product_benchmarks.currency_id',
          'product_benchmarks.start_date',
          'product_benchmarks.end_date',
          'contracts.license_type_id',
          'contracts.reference'
        )
    : []

  return proposals.map((row) => {
    const validUntil = row.valid_until ? toIsoDate(row.valid_until) : null
    const status = proposalStatus(row.status, validUntil, today)
    const view: ProposalView = {
      id: row.id,
      reference: row.reference,
      received_on: toIsoDate(row.received_on),
      valid_until: validUntil,
      start_date: toIsoDate(row.start_date),
      end_date: toIsoDate(row.end_date),
      status,
      status_label: PROPOSAL_STATUS_LABELS[status],
      license_type: row.license_type ?? null,
      comment: row.comment ?? null,
      items: items
        .filter((item) => item.proposal_id === row.id)
        .map((item) => {
          const match = matchingBenchmark(
            candidates.filter((candidate) => candidate.product_id === item.product_id),
            row.license_type_id ?? null,
            today
          )
          return {
            id: item.id,
            product: { id: item.product_id, name: item.product_name },
            proposed_price: Number(item.proposed_price),
            currency_id: item.currency_id,
            match: match
              ? {
                  product_benchmark_id: match.id,
                  contract_reference: match.reference,
                  start_date: toIsoDate(match.start_date),
                  end_date: toIsoDate(match.end_date),
                  payment: toNumber(match.payment),
                  benchmark_price: toNumber(match.benchmark_price),
                  currency_id: match.currency_id,
                }
              : null,
          }
        }),
    }
    return {
      view,
      status: row.status as string,
      licenseTypeId: (row.license_type_id as number | null) ?? null,
    }
  })
}
