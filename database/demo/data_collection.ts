import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { MODULES } from '#shared/modules'
import { insertReturningId } from '#services/db/insert'

/**
 * For each team collecting market data: this year's collection open (due in a month, one file
 * in review), last year's closed with a completed, a rejected and a resubmitted file, so that
 * every submission status has rows.
 */
export async function seedDataCollections(trx: TransactionClientContract, today = DateTime.now()) {
  const teams = await trx
    .from('teams')
    .join('team_modules', 'team_modules.team_id', 'teams.id')
    .join('modules', 'modules.id', 'team_modules.module_id')
    .where('modules.internal_name', MODULES.marketDataDataCollection)
    .select('teams.id')
  const analyst = await trx.from('users').where('email', 'analyst@example.com').select('id').first()

  for (const team of teams) {
    const insertCollection = async (year: number, dueDate: DateTime, status: string) => {
      const stamp = dueDate.minus({ months: 2 }).toFormat(trx.dialect.dateTimeFormat)
      return insertReturningId(trx, 'data_collections', {
        team_id: team.id,
        name: `Market data contracts ${year}`,
        kind: 'market_data',
        year,
        due_date: dueDate.toISODate(),
        status,
        created_at: stamp,
      })
    }
    const current = await insertCollection(today.year, today.plus({ days: 30 }), 'open')
    const previous = await insertCollection(today.year - 1, today.minus({ months: 10 }), 'closed')

    const submission = async (input: {
      collectionId: number
      fileName: string
      submittedAt: DateTime
      status: string
      statusComment?: string
      comments?: string
    }) => {
      // The contract lines the team held on the delivery date.
      const day = input.submittedAt.toISODate()!
      const lines = await trx
        .from('product_benchmarks')
        .join('contracts', 'contracts.id', 'product_benchmarks.contract_id')
        .where('contracts.team_id', team.id)
        .where('product_benchmarks.start_date', '<=', day)
        .where('product_benchmarks.end_date', '>=', day)
        .select(
          'contracts.provider_id',
          'contracts.license_type_id',
          'contracts.reference',
          'product_benchmarks.product_id',
          'product_benchmarks.division',
          'product_benchmarks.start_date',
          'product_benchmarks.end_date',
          'product_benchmarks.payment',
          'product_benchmarks.currency_id'
        )
        .orderBy('product_benchmarks.id')
      const stamp = input.submittedAt.toFormat(trx.dialect.dateTimeFormat)
      const submissionId = await insertReturningId(trx, 'data_collection_submissions', {
        data_collection_id: input.collectionId,
        team_id: team.id,
        user_id: analyst?.id ?? null,
        original_file_name: input.fileName,
        stored_file_name: null,
        file_size: 18_000 + lines.length * 120,
        additional_comments: input.comments ?? null,
        delivery_date: day,
        status: input.status,
        status_comment: input.statusComment ?? null,
        row_count: lines.length,
        created_at: stamp,
        updated_at: stamp,
      })
      const records = lines.map((line, index) => ({
        submission_id: submissionId,
        row_number: index + 2,
        provider_id: line.provider_id,
        product_id: line.product_id,
        license_type_id: line.license_type_id,
        contract_reference: line.reference,
        division: line.division,
        start_date: line.start_date,
        end_date: line.end_date,
        annual_payment: line.payment ?? 0,
        currency_id: line.currency_id,
        comment: null,
      }))
      for (let index = 0; index < records.length; index += 200) {
        await trx.table('data_collection_rows').multiInsert(records.slice(index, index + 200))
      }
    }

    const lastYear = today.minus({ months: 11 })
    await submission({
      collectionId: previous,
      fileName: `market-data-contracts-${today.year - 1}.xlsx`,
      submittedAt: lastYear,
      status: 'rejected',
      statusComment:
        'Payments were entered monthly rather than annually. Please resubmit annual amounts.',
    })
    await submission({
      collectionId: previous,
      fileName: `market-data-contracts-${today.year - 1}-annual.xlsx`,
      submittedAt: lastYear.plus({ days: 6 }),
      status: 'completed',
      comments: 'Annual amounts, as requested.',
    })
    await submission({
      collectionId: previous,
      fileName: `alternative-data-${today.year - 1}.xlsx`,
      submittedAt: lastYear.plus({ days: 9 }),
      status: 'completed',
      comments: 'Alternative data vendors, kept separate from the main file.',
    })
    await submission({
      collectionId: current,
      fileName: `market-data-contracts-${today.year}.xlsx`,
      submittedAt: today.minus({ days: 3 }),
      status: 'in_review',
      comments: 'The S&P renewal is still being negotiated; current terms shown.',
    })
  }
}
