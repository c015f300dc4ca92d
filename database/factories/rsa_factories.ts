import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import RsaTeamProfile from '#models/rsa_team_profile'
import RsaBudget from '#models/rsa_budget'
import RsaBudgetLine from '#models/rsa_budget_line'
import RsaPayment from '#models/rsa_payment'
import RsaInteraction from '#models/rsa_interaction'
import RsaAssessment from '#models/rsa_assessment'
import { INTERACTION_TYPES } from '#shared/rsa'

/*
 * Research Spend Analytics rows for tests. Foreign keys (team, provider, currency, budget) are
 * given by the caller with `merge`; the factories fill realistic values for the rest.
 */

export const RsaTeamProfileFactory = factory
  .define(RsaTeamProfile, () => ({
    year: 2024,
    totalAum: 30e9,
    activeAum: 18e9,
    aumTier: '10-50',
    firmType: 'long_only',
    paymentMethod: 'p_and_l',
    domicile: 'UK',
    portfolioManagers: 20,
    analysts: 25,
  }))
  .build()

export const RsaBudgetFactory = factory
  .define(RsaBudget, () => ({
    year: 2024,
    status: 'approved',
    totalBudget: 0,
    periodStart: DateTime.fromISO('2024-01-01'),
    periodEnd: DateTime.fromISO('2024-12-31'),
    approvedAt: DateTime.fromISO('2023-12-01T10:00:00Z'),
  }))
  .build()

let externalRef = 0

export const RsaBudgetLineFactory = factory
  .define(RsaBudgetLine, ({ faker }) => {
    const price = faker.number.int({ min: 20, max: 200 }) * 1000
    return {
      year: 2024,
      serviceType: 'written_research',
      priceType: 'fixed_fee',
      accessType: 'full',
      contractStart: DateTime.fromISO('2024-01-01'),
      contractEnd: DateTime.fromISO('2024-12-31'),
      renewalNoticeDays: 60,
      budgetAmount: price,
      contractedPrice: price,
    }
  })
  .build()

export const RsaPaymentFactory = factory
  .define(RsaPayment, ({ faker }) => ({
    paidOn: DateTime.fromISO('2024-03-31'),
    amount: faker.number.int({ min: 5, max: 50 }) * 1000,
    source: 'p_and_l',
  }))
  .build()

export const RsaInteractionFactory = factory
  .define(RsaInteraction, ({ faker }) => ({
    occurredOn: DateTime.fromISO('2024-05-15'),
    interactionType: faker.helpers.arrayElement(Object.keys(INTERACTION_TYPES)),
    analystName: faker.person.fullName(),
    sector: 'Financials',
    sourceSystem: 'test',
    externalRef: `ref-${++externalRef}`,
    valued: true,
  }))
  .build()

export const RsaAssessmentFactory = factory
  .define(RsaAssessment, ({ faker }) => ({
    year: 2024,
    category: 'research_quality',
    score: faker.number.float({ min: 1, max: 5, fractionDigits: 2 }),
  }))
  .build()
