import db from '@adonisjs/lucid/services/db'
import { ensureReferenceData } from '#services/accounts/reference_data'

export async function seedReferenceData() {
  await db.transaction((trx) => ensureReferenceData(trx))
}
