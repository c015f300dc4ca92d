import { EmailSubscriptionSchema } from '#database/schema'

export default class EmailSubscription extends EmailSubscriptionSchema {}
