import vine from '@vinejs/vine'
import { amount, optionalAmount } from '#validators/rules/amount'
import { optionalReference, reference } from '#validators/rules/reference'
import { LICENSE_KEY_MESSAGE, LICENSE_KEY_PATTERN } from '#shared/license_types'
import { CONTRACT_DOCUMENT_MAX_MB } from '#shared/contracts'

const id = () => vine.number().withoutDecimals().positive()
const isoDate = () => vine.string().trim().maxLength(10).nullable().optional()

/** The driver values of a product benchmark or of one of its sub products. */
const driverValues = () =>
  vine
    .array(
      vine.object({
        id: id(),
        pivot: vine
          .object({
            value: optionalAmount({ column: 'figure', label: 'Driver value' }),
            driver_option_id: id().nullable().optional(),
            has_note: vine.boolean().optional(),
          })
          .optional(),
      })
    )
    .maxLength(50)
    .optional()

/**
 * The shape of a product benchmark save (spec §7). The business rules (product, numbers,
 * currencies, dates, sub products) are checked next by the module the page shares.
 */
export const productBenchmarkValidator = vine.create({
  id: id().nullable().optional(),
  contract_id: id(),
  product_id: optionalReference('product'),
  division: vine.string().trim().maxLength(160).nullable().optional(),
  start_date: isoDate(),
  end_date: isoDate(),
  payment: vine.any().optional(),
  benchmark_price: vine.any().optional(),
  currency_id: optionalReference('currency'),
  drivers: driverValues(),
  sub_product_benchmarks: vine
    .array(
      vine.object({
        id: id().nullable().optional(),
        uuid: vine.string().maxLength(64).nullable().optional(),
        name: vine.string().maxLength(160).nullable().optional(),
        benchmark_price: vine.any().optional(),
        currency_id: optionalReference('currency'),
        start_date: isoDate(),
        end_date: isoDate(),
        drivers: driverValues(),
      })
    )
    .maxLength(50)
    .optional(),
  /** Saved sub products removed in the editor: deleted with the rest of the save. */
  removed_sub_product_benchmark_ids: vine.array(id()).maxLength(50).optional(),
})

const name = () => vine.string().maxLength(160).nullable()

/**
 * A provider's whole classification tree (spec §7 `category`). Blank and duplicate names are
 * reported by the classification rules, with their own messages.
 */
export const saveCategoryValidator = vine.create({
  category: vine.object({
    provider_key: vine
      .string()
      .trim()
      .regex(/^[a-z0-9-]+$/)
      .maxLength(80),
    categories: vine
      .array(
        vine.object({
          id: id().nullable().optional(),
          name: name(),
          types: vine
            .array(
              vine.object({
                id: id().nullable().optional(),
                name: name(),
                products: vine
                  .array(vine.object({ id: id().nullable().optional(), name: name() }))
                  .maxLength(500),
              })
            )
            .maxLength(200),
        })
      )
      .maxLength(100),
    drivers: vine
      .array(
        vine.object({
          id: id().nullable().optional(),
          name: name(),
          is_numeric: vine.boolean(),
          unit: vine.string().trim().maxLength(40).nullable().optional(),
          driver_options: vine
            .array(
              vine.object({
                id: id().nullable().optional(),
                label: name(),
                // Checked with the names (all problems in one answer) by the classification rules.
                value: vine.any(),
              })
            )
            .maxLength(100),
        })
      )
      .maxLength(50),
  }),
})

export const regressionValidator = vine.create({
  product_id: reference('product'),
  license_type_id: reference('license type'),
  intercept: amount({ column: 'figure', label: 'Intercept' }),
  coefficients: vine
    .array(
      vine.object({
        driver_id: id(),
        coefficient_value: amount({ column: 'figure', label: 'Coefficient' }),
        min_driver_value: optionalAmount({ column: 'figure', label: 'Min' }),
        max_driver_value: optionalAmount({ column: 'figure', label: 'Max' }),
      })
    )
    .maxLength(50),
})

export const regressionImportValidator = vine.create({
  file: vine.file({ size: '10mb', extnames: ['csv', 'xlsx'] }),
})

export const rateCardValidator = vine.create({
  provider_id: reference('provider'),
  team_type_id: reference('team type'),
  currency_id: reference('currency'),
  as_of_date: vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/),
  provider_comment: vine.string().trim().maxLength(2000).nullable().optional(),
  active: vine.boolean(),
  categories: vine
    .array(
      vine.object({
        category_id: id(),
        comment: vine.string().trim().maxLength(2000).nullable().optional(),
      })
    )
    .maxLength(100),
  entries: vine
    .array(
      vine.object({
        product_id: reference('product'),
        aum_range_id: id(),
        // Checked by the rate card rules, which name the product and AUM range.
        min_benchmark: vine.any(),
        avg_benchmark: vine.any(),
        max_benchmark: vine.any(),
        comment: vine.string().trim().maxLength(2000).nullable().optional(),
        assumptions: vine
          .array(
            vine.object({
              driver_id: id(),
              driver_option_id: id().nullable().optional(),
              value: optionalAmount({ column: 'figure', label: 'Assumption value' }),
            })
          )
          .maxLength(20),
      })
    )
    .maxLength(2000),
})

export const rateCardActiveValidator = vine.create({ active: vine.boolean() })

export const observedBenchmarksValidator = vine.create({
  provider_id: reference('provider'),
  team_type_id: reference('team type'),
  currency_id: reference('currency'),
})

export const contractValidator = vine.create({
  license_type_id: reference('license type'),
  reference: vine.string().trim().minLength(1).maxLength(80),
  start_date: vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/),
  end_date: vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/),
})

export const contractDocumentValidator = vine.create({
  file: vine.file({ size: `${CONTRACT_DOCUMENT_MAX_MB}mb`, extnames: ['pdf'] }),
  title: vine.string().trim().minLength(1).maxLength(160),
  document_date: vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
})

export const providerValidator = vine.create({
  provider_key: vine
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{2,80}$/),
  name: vine.string().trim().minLength(1).maxLength(160),
  provider_type: vine.enum(['market_data', 'alternative_data'] as const),
  is_active: vine.boolean(),
  has_rate_card: vine.boolean(),
  description: vine.string().trim().maxLength(2000).nullable().optional(),
})

export const providerLogoValidator = vine.create({
  logo: vine.file({ size: '1mb', extnames: ['png', 'jpg', 'jpeg', 'webp'] }),
})

const licenseKeyRule = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && !LICENSE_KEY_PATTERN.test(value)) {
    field.report(LICENSE_KEY_MESSAGE, 'licenseKey', field)
  }
})

export const licenseTypeValidator = vine.create({
  key: vine.string().trim().toLowerCase().use(licenseKeyRule()),
  name: vine.string().trim().minLength(1).maxLength(120),
})

const date = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)

export const proposalValidator = vine.create({
  reference: vine.string().trim().minLength(1).maxLength(120),
  license_type_id: optionalReference('license type'),
  received_on: date(),
  valid_until: date().nullable().optional(),
  start_date: date(),
  end_date: date(),
  status: vine.enum(['under_review', 'accepted', 'declined'] as const),
  comment: vine.string().trim().maxLength(2000).nullable().optional(),
  items: vine
    .array(
      vine.object({
        product_id: reference('product'),
        proposed_price: amount({ column: 'money', label: 'Proposed price', nonNegative: true }),
        currency_id: reference('currency'),
      })
    )
    .maxLength(100),
})
