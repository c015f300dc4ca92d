import vine from '@vinejs/vine'
import { PROVIDER_TYPES } from '#models/provider'
import { BENCHMARK_TABS } from '#shared/benchmark_tabs'

export const providerTypeValidator = vine.create({
  providerTypeKey: vine.enum(PROVIDER_TYPES).optional(),
})

export const benchmarksPageValidator = vine.create({
  tab: vine.enum(BENCHMARK_TABS.map((tab) => tab.key)).optional(),
})
