import { UserConsentSchema } from '#database/schema'

export default class UserConsent extends UserConsentSchema {}
