/**
 * The consent declaration users accept once per version. Raising the version asks everyone again.
 */
export const CONSENT_VERSION = '2026-11'

export const CONSENT_DECLARATION = [
  'I will use the benchmarks, rate cards and provider intelligence in this service for the internal purposes of my firm only, and will not pass them to research or data providers or to other third parties.',
  'I understand that the peer comparisons are built from anonymised, aggregated submissions and that I may not try to identify another client from them.',
  'I confirm that the contract, budget and interaction data my team submits is accurate to the best of my knowledge and that my firm may share it with the service for benchmarking.',
]

export const SUBSCRIPTION_OPTIONS = [
  {
    key: 'weekly_digest',
    title: 'Weekly research digest',
    description: 'A Monday summary of trending themes and new research for your teams.',
  },
  {
    key: 'insights_reports',
    title: 'Insights report notifications',
    description: 'An email when a new insights report is published for one of your teams.',
  },
] as const

export type SubscriptionKey = (typeof SUBSCRIPTION_OPTIONS)[number]['key']
export const SUBSCRIPTION_KEYS = SUBSCRIPTION_OPTIONS.map(
  (option) => option.key
) as SubscriptionKey[]
