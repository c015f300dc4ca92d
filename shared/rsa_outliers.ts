/**
 * Research Spend Analytics outliers: the rules of DOMAIN §1(b), their keys (stored with each
 * acknowledgement), labels and thresholds, shared by the service, the validator and the page.
 */

export const OUTLIER_RULES = {
  price_outlier: 'Price outlier',
  suspiciously_cheap: 'Suspiciously cheap',
  paid_unused: 'Paid but unused',
  used_unpaid: 'Used but unpaid',
  cost_per_interaction: 'High cost per interaction',
  budget_overrun: 'Budget overrun',
  wallet_usage_mismatch: 'Spend vs usage mismatch',
  renewal_due: 'Renewal due at a high price',
} as const
export type OutlierRule = keyof typeof OUTLIER_RULES
export const OUTLIER_RULE_KEYS = Object.keys(OUTLIER_RULES) as OutlierRule[]

/** A price differs from the peer median by at least this share… */
export const PRICE_OUTLIER_PERCENT = 25
/** …and by at least this amount of the benchmark currency (converted for display). */
export const MATERIALITY_USD = 10_000
/** Tukey fences: p25 − k·IQR and p75 + k·IQR (only where quartiles are shown: 10 peers). */
export const TUKEY_K = 1.5
/** A price below this share of the peer 25th percentile may be an inducement. */
export const CHEAP_SHARE_OF_P25 = 0.5
/** Substantive interactions with a provider without a budget line that make it "used". */
export const USED_UNPAID_MIN_INTERACTIONS = 3
/** Cost per weighted interaction above this multiple of the peer median. */
export const COST_PER_INTERACTION_MULTIPLE = 2
/** Spend share ÷ weighted interaction share outside [LOW, HIGH]. */
export const WALLET_RATIO_HIGH = 1.5
export const WALLET_RATIO_LOW = 0.67
/** Renewal notice assumed for a line that records none. */
export const DEFAULT_RENEWAL_NOTICE_DAYS = 90

/** What each rule checks, in the page's words (the thresholds come from the constants above). */
export const OUTLIER_RULE_DEFINITIONS: Record<OutlierRule, string> = {
  price_outlier: `A budget line priced at least ${PRICE_OUTLIER_PERCENT}% away from the peer median and by at least ${MATERIALITY_USD.toLocaleString('en-GB')} USD (converted to the display currency), or outside the Tukey fences (p25 − ${TUKEY_K} × IQR, p75 + ${TUKEY_K} × IQR) where quartiles are shown (10 peers or more).`,
  suspiciously_cheap: `A budget line priced below ${CHEAP_SHARE_OF_P25 * 100}% of the peer 25th percentile: check that the price is not an inducement (the rules ask firms to pay a fair price for research).`,
  paid_unused:
    'A provider paid this year with no valued interaction (corporate access excluded) in the last two quarters.',
  used_unpaid: `At least ${USED_UNPAID_MIN_INTERACTIONS} substantive interactions (analyst calls, meetings, model downloads, bespoke requests) with a provider that has no budget line this year: research received without paying for it is an inducement risk.`,
  cost_per_interaction: `Your cost per weighted interaction with a provider above ${COST_PER_INTERACTION_MULTIPLE} × the peer median for the same provider type (medians from at least 5 other teams).`,
  budget_overrun:
    'Payments above the amount budgeted, for a budget line or for the whole budget: joint payment and RPA rules require clients to be told.',
  wallet_usage_mismatch: `A provider's share of your spend divided by its share of your weighted interactions above ${WALLET_RATIO_HIGH} or below ${WALLET_RATIO_LOW}, for providers paid at least ${MATERIALITY_USD.toLocaleString('en-GB')} USD (converted).`,
  renewal_due: `A contract ending within its renewal notice period (${DEFAULT_RENEWAL_NOTICE_DAYS} days when none is recorded) of the year end, or of today for the current year, priced "Above" or "Outlier" against peers: the time to renegotiate.`,
}

export type OutlierSeverity = 'high' | 'medium' | 'low'
export const OUTLIER_SEVERITY_LABELS: Record<OutlierSeverity, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
}

/** The subject of a finding: a budget line, a provider or the whole budget. */
export const OUTLIER_SUBJECT_PATTERN = /^(line:[1-9]\d{0,11}|provider:[1-9]\d{0,11}|budget)$/

export const OUTLIER_NOTE_MIN = 3
export const OUTLIER_NOTE_MAX = 1000
