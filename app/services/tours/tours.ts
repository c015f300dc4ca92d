import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

export const TOURS = ['main-navigation'] as const
export type TourName = (typeof TOURS)[number]

export async function hasDoneTour(userId: number, tour: TourName) {
  const row = await db
    .from('user_tours')
    .where({ user_id: userId, tour_name: tour })
    .select('id')
    .first()
  return !!row
}

/**
 * Idempotent: starting the tour twice records it once.
 */
export async function markTourDone(userId: number, tour: TourName) {
  await db
    .insertQuery()
    .table('user_tours')
    .insert({
      user_id: userId,
      tour_name: tour,
      completed_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })
    .knexQuery.onConflict(['user_id', 'tour_name'])
    .ignore()
}
