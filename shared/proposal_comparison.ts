/**
 * How a vendor proposal line compares with the team's matching product benchmark and current
 * contract price, in one currency. Shared by the proposals page and its tests.
 */
import { convert, type ExchangeRate } from './currency_conversion.js'
import { costChangeLabel, type CostChangeLabel } from './scenario_pricing.js'

export interface ProposalMatch {
  payment: number | null
  benchmark_price: number | null
  currency_id: number | null
}

export interface ProposalLineInput {
  proposed_price: number
  currency_id: number
  match: ProposalMatch | null
}

export interface Comparison {
  /** proposed − reference, in the comparison currency. */
  difference: number
  /** The difference as a percentage of the reference; null when the reference is 0. */
  percentage: number | null
  label: CostChangeLabel
}

export interface ComparedLine {
  currencyId: number
  proposed: number | null
  benchmark: number | null
  current: number | null
  vsBenchmark: Comparison | null
  vsCurrent: Comparison | null
}

export function compareAmounts(proposed: number | null, reference: number | null) {
  if (proposed === null || reference === null) return null
  const difference = proposed - reference
  return {
    difference,
    percentage: reference === 0 ? null : (difference / reference) * 100,
    label: costChangeLabel(difference),
  } satisfies Comparison
}

/**
 * Compares a line in the target currency (the one chosen on the page), or in the proposal's own
 * currency when none is chosen. An amount that cannot be converted (no stored rate) is null and
 * leaves its comparison out rather than comparing different currencies.
 */
export function compareProposalLine(
  line: ProposalLineInput,
  targetCurrencyId: number | null,
  rates: ExchangeRate[]
): ComparedLine {
  const currencyId = targetCurrencyId ?? line.currency_id
  const proposed = convert(line.proposed_price, line.currency_id, currencyId, rates)
  const benchmark = line.match
    ? convert(line.match.benchmark_price, line.match.currency_id, currencyId, rates)
    : null
  const current = line.match
    ? convert(line.match.payment, line.match.currency_id, currencyId, rates)
    : null
  return {
    currencyId,
    proposed,
    benchmark,
    current,
    vsBenchmark: compareAmounts(proposed, benchmark),
    vsCurrent: compareAmounts(proposed, current),
  }
}

export const PROPOSAL_STATUSES = ['under_review', 'accepted', 'declined'] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number] | 'expired'

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  under_review: 'Under review',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
}

/**
 * A proposal still under review past its validity date has expired.
 */
export function proposalStatus(
  status: (typeof PROPOSAL_STATUSES)[number],
  validUntil: string | null,
  today: string
): ProposalStatus {
  return status === 'under_review' && validUntil !== null && validUntil < today ? 'expired' : status
}
