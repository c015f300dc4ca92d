import { EmailSubscriptionSchema } from '#database/schema'

export const SUBSCRIPTIONS = ['weekly_digest', 'insights_reports'] as const
export type SubscriptionKey = (typeof SUBSCRIPTIONS)[number]

export default class EmailSubscription extends EmailSubscriptionSchema {}
