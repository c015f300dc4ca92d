import { randomUUID } from 'node:crypto'
import { insertReturningId } from '#services/db/insert'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { DateTime } from 'luxon'
import { errors } from '@vinejs/vine'
import { audit } from '#services/audit/audit'
import { isReservedProviderKey } from '#shared/modules'
import { NotFoundForTeam } from '#services/market_data/benchmarks'
import { PROVIDER_TYPES, type ProviderType } from '#models/provider'

export interface ProviderInput {
  provider_key: string
  name: string
  provider_type: ProviderType
  is_active: boolean
  has_rate_card: boolean
  description: string | null
}

const refuse = (field: string, message: string) =>
  new errors.E_VALIDATION_ERROR([{ field, message, rule: 'catalogue' }])

/** How many contracts use a provider or a license type, counted from that column's index. */
const contractCount = (column: 'provider_id' | 'license_type_id', owner: string) =>
  db.from('contracts').whereColumn(`contracts.${column}`, owner).count('*').as('contracts')

/**
 * Providers and license types with how much client data uses each, for the admin lists.
 */
export async function catalogueOverview() {
  const [providers, licenseTypes] = await Promise.all([
    // Market data and alternative data providers (research providers are administered apart).
    db
      .from('providers')
      .whereIn('provider_type', [...PROVIDER_TYPES])
      .select(
        'id',
        'provider_key',
        'name',
        'provider_type',
        'is_active',
        'has_rate_card',
        'description',
        'logo',
        contractCount('provider_id', 'providers.id')
      )
      .orderBy('name'),
    db
      .from('license_types')
      .select('id', 'key', 'name', contractCount('license_type_id', 'license_types.id'))
      .orderBy('id'),
  ])
  return {
    providers: providers.map((row) => ({
      id: row.id as number,
      providerKey: row.provider_key as string,
      name: row.name as string,
      type: row.provider_type as ProviderType,
      isActive: Boolean(row.is_active),
      hasRateCard: Boolean(row.has_rate_card),
      description: (row.description as string | null) ?? null,
      hasLogo: typeof row.logo === 'string' && row.logo.startsWith('logos/'),
      contracts: Number(row.contracts),
    })),
    licenseTypes: licenseTypes.map((row) => ({
      id: row.id as number,
      key: row.key as string,
      name: row.name as string,
      contracts: Number(row.contracts),
    })),
  }
}

export async function saveProvider(userId: number, id: number | null, input: ProviderInput) {
  if (isReservedProviderKey(input.provider_key)) {
    throw refuse('provider_key', 'This key is reserved by the application; choose another.')
  }
  const clash = await db
    .from('providers')
    .where('provider_key', input.provider_key)
    .if(id !== null, (query) => query.whereNot('id', id!))
    .first()
  if (clash) throw refuse('provider_key', 'Another provider already has this key.')
  const before = id ? await db.from('providers').where('id', id).first() : null
  if (id && !before) throw new NotFoundForTeam('Provider not found')
  return db.transaction(async (trx) => {
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    const values = {
      ...input,
      name: input.name.trim(),
      description: input.description?.trim() || null,
    }
    let providerId = id
    if (providerId) {
      await trx
        .from('providers')
        .where('id', providerId)
        .update({ ...values, updated_at: now })
    } else {
      providerId = await insertReturningId(trx, 'providers', { ...values, created_at: now })
    }
    await audit(trx, {
      userId,
      entityType: 'provider',
      entityId: providerId,
      action: id ? 'update' : 'create',
      summary: `${id ? 'Updated' : 'Created'} provider ${values.name}`,
      before: before ?? undefined,
      after: values,
    })
    return providerId
  })
}

/**
 * A provider logo (PNG, JPEG or WebP) on the uploads disk; the previous one is removed.
 */
export async function saveProviderLogo(userId: number, providerId: number, file: MultipartFile) {
  const provider = await db.from('providers').where('id', providerId).first()
  if (!provider) throw new NotFoundForTeam('Provider not found')
  const key = `logos/${providerId}-${randomUUID()}.${file.extname}`
  await file.moveToDisk(key)
  try {
    await db.transaction(async (trx) => {
      await trx.from('providers').where('id', providerId).update({ logo: key })
      await audit(trx, {
        userId,
        entityType: 'provider',
        entityId: providerId,
        action: 'update',
        summary: `Changed the ${provider.name} logo`,
        before: { logo: provider.logo },
        after: { logo: key },
      })
    })
  } catch (error) {
    await drive
      .use()
      .delete(key)
      .catch(() => {})
    throw error
  }
  if (typeof provider.logo === 'string' && provider.logo.startsWith('logos/')) {
    await drive
      .use()
      .delete(provider.logo)
      .catch(() => {})
  }
}

export async function providerLogo(providerKey: string) {
  const row = await db
    .from('providers')
    .where('provider_key', providerKey)
    .select('logo', 'name')
    .first()
  if (!row || typeof row.logo !== 'string' || !row.logo.startsWith('logos/')) {
    throw new NotFoundForTeam('Logo not found')
  }
  return { key: row.logo as string, name: `${row.name}.${row.logo.split('.').pop()}` }
}

export async function saveLicenseType(
  userId: number,
  id: number | null,
  input: { key: string; name: string }
) {
  const clash = await db
    .from('license_types')
    .where('key', input.key)
    .if(id !== null, (query) => query.whereNot('id', id!))
    .first()
  if (clash) throw refuse('key', 'Another license type already has this key.')
  const before = id ? await db.from('license_types').where('id', id).first() : null
  if (id && !before) throw new NotFoundForTeam('License type not found')
  await db.transaction(async (trx) => {
    let typeId = id
    if (typeId) await trx.from('license_types').where('id', typeId).update(input)
    else {
      typeId = await insertReturningId(trx, 'license_types', input)
    }
    await audit(trx, {
      userId,
      entityType: 'license_type',
      entityId: typeId,
      action: id ? 'update' : 'create',
      summary: `${id ? 'Updated' : 'Created'} license type ${input.name}`,
      before: before ?? undefined,
      after: input,
    })
  })
}

/**
 * A license type in use (contracts, regressions, proposals) is kept.
 */
export async function deleteLicenseType(userId: number, id: number) {
  const type = await db.from('license_types').where('id', id).first()
  if (!type) throw new NotFoundForTeam('License type not found')
  const [contract, regression, proposal] = await Promise.all([
    db.from('contracts').where('license_type_id', id).first(),
    db.from('regressions').where('license_type_id', id).first(),
    db.from('proposals').where('license_type_id', id).first(),
  ])
  if (contract || regression || proposal) {
    throw refuse(
      'license_type',
      `License type ${type.name} is used by client data and cannot be deleted.`
    )
  }
  await db.transaction(async (trx) => {
    await trx.from('license_types').where('id', id).delete()
    await audit(trx, {
      userId,
      entityType: 'license_type',
      entityId: id,
      action: 'delete',
      summary: `Deleted license type ${type.name}`,
      before: type,
    })
  })
}
