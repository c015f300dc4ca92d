import { LicenseTypeSchema } from '#database/schema'

export default class LicenseType extends LicenseTypeSchema {}
