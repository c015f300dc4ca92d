import vine from '@vinejs/vine'
import { PROVIDER_TYPES } from '#models/provider'
import { BENCHMARK_TABS } from '#shared/benchmark_tabs'

export const providerTypeValidator = vine.create({
  providerTypeKey: vine.enum(PROVIDER_TYPES).optional(),
})

export const saveScenarioValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(160),
  values: vine.record(
    vine
      .array(
        vine.object({
          driverId: vine.number().withoutDecimals().positive(),
          value: vine.number().nullable(),
          optionId: vine.number().withoutDecimals().positive().nullable(),
        })
      )
      .maxLength(50)
  ),
})

export const scenarioPageValidator = vine.create({
  scenario: vine.number().withoutDecimals().positive().optional(),
  contract: vine.number().withoutDecimals().positive().optional(),
  period: vine
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
})

/** Two saved scenarios of the provider side by side. */
export const scenarioComparisonValidator = vine.create({
  left: vine.number().withoutDecimals().positive(),
  right: vine.number().withoutDecimals().positive(),
})

export const scenarioExportValidator = vine.create({
  format: vine.enum(['xlsx', 'csv'] as const),
  currency: vine.number().withoutDecimals().positive().optional(),
})

export const benchmarksPageValidator = vine.create({
  contract: vine.number().withoutDecimals().positive().optional(),
})

export const alternativeDataPageValidator = vine.create({
  contract: vine.number().withoutDecimals().positive().optional(),
})

export const alternativeDataExportValidator = vine.create({
  contract: vine.number().withoutDecimals().positive(),
  currency: vine.number().withoutDecimals().positive().optional(),
  format: vine.enum(['xlsx', 'csv'] as const),
})

export const benchmarksExportValidator = vine.create({
  tab: vine.enum(BENCHMARK_TABS.map((tab) => tab.key)).optional(),
  contract: vine.number().withoutDecimals().positive().optional(),
  currency: vine.number().withoutDecimals().positive().optional(),
  format: vine.enum(['xlsx', 'csv'] as const),
})

export const productCategoriesValidator = vine.create({
  providerTypeKey: vine.enum(PROVIDER_TYPES).optional(),
  tab: vine.enum(BENCHMARK_TABS.map((tab) => tab.key)).optional(),
  contractId: vine.number().withoutDecimals().positive().optional(),
})

export {
  dataCollectionUploadValidator,
  submissionsPageValidator,
} from '#validators/data_collection'
