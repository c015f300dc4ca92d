import { ProviderProductSchema } from '#database/schema'

export default class ProviderProduct extends ProviderProductSchema {}
