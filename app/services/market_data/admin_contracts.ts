import { randomUUID } from 'node:crypto'
import { insertReturningId } from '#services/db/insert'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { DateTime } from 'luxon'
import { errors } from '@vinejs/vine'
import { audit } from '#services/audit/audit'
import { checkUploadedPdf } from '#services/files/pdf_check'
import { CONTRACT_DOCUMENT_MAX_MB } from '#shared/contracts'
import { NotFoundForTeam, toIsoDate } from '#services/market_data/benchmarks'

export interface ContractInput {
  license_type_id: number
  reference: string
  start_date: string
  end_date: string
}

const DOCUMENTS_PREFIX = 'contracts'

function problems(list: { field: string; message: string }[]) {
  return new errors.E_VALIDATION_ERROR(list.map((entry) => ({ ...entry, rule: 'contract' })))
}

async function checkContract(teamId: number, input: ContractInput, exceptId: number | null) {
  const list: { field: string; message: string }[] = []
  const license = await db.from('license_types').where('id', input.license_type_id).first()
  if (!license) list.push({ field: 'license_type_id', message: 'Choose a license type.' })
  const start = DateTime.fromISO(input.start_date)
  const end = DateTime.fromISO(input.end_date)
  if (!start.isValid) list.push({ field: 'start_date', message: 'The start date must be a date.' })
  if (!end.isValid || (start.isValid && end < start)) {
    list.push({ field: 'end_date', message: 'The end date must be on or after the start date.' })
  }
  const clash = await db
    .from('contracts')
    .where({ team_id: teamId })
    .whereRaw('lower(reference) = ?', [input.reference.trim().toLowerCase()])
    .if(exceptId !== null, (query) => query.whereNot('id', exceptId!))
    .first()
  if (clash)
    list.push({
      field: 'reference',
      message: 'The team already has a contract with this reference.',
    })
  if (list.length) throw problems(list)
}

export async function createContract(
  userId: number,
  team: { id: number; name: string },
  provider: { id: number; name: string },
  input: ContractInput
) {
  await checkContract(team.id, input, null)
  return db.transaction(async (trx) => {
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    const id = await insertReturningId(trx, 'contracts', {
      team_id: team.id,
      provider_id: provider.id,
      license_type_id: input.license_type_id,
      reference: input.reference.trim(),
      start_date: input.start_date,
      end_date: input.end_date,
      created_at: now,
      updated_at: now,
    })
    await audit(trx, {
      userId,
      entityType: 'contract',
      entityId: id,
      action: 'create',
      summary: `Created contract ${input.reference.trim()} (${provider.name}) for ${team.name}`,
      after: input,
    })
    return id
  })
}

export async function updateContract(userId: number, contractId: number, input: ContractInput) {
  const before = await db.from('contracts').where('id', contractId).first()
  if (!before) throw new NotFoundForTeam('Contract not found')
  await checkContract(before.team_id, input, contractId)
  await db.transaction(async (trx) => {
    await trx
      .from('contracts')
      .where('id', contractId)
      .update({
        license_type_id: input.license_type_id,
        reference: input.reference.trim(),
        start_date: input.start_date,
        end_date: input.end_date,
        updated_at: DateTime.now().toFormat(trx.dialect.dateTimeFormat),
      })
    await audit(trx, {
      userId,
      entityType: 'contract',
      entityId: contractId,
      action: 'update',
      summary: `Updated contract ${input.reference.trim()}`,
      before: {
        license_type_id: before.license_type_id,
        reference: before.reference,
        start_date: toIsoDate(before.start_date),
        end_date: toIsoDate(before.end_date),
      },
      after: input,
    })
  })
}

/**
 * A contract with product benchmarks is kept: its benchmarks are removed first, one by one,
 * in the editor.
 */
export async function deleteContract(userId: number, contractId: number) {
  const contract = await db.from('contracts').where('id', contractId).first()
  if (!contract) throw new NotFoundForTeam('Contract not found')
  const used = await db.from('product_benchmarks').where('contract_id', contractId).first()
  if (used) {
    throw problems([
      {
        field: 'contract',
        message: 'Remove the contract’s product benchmarks before deleting it.',
      },
    ])
  }
  const documents = await db
    .from('contract_documents')
    .where('contract_id', contractId)
    .select('file_key')
  await db.transaction(async (trx) => {
    await trx.from('contracts').where('id', contractId).delete()
    await audit(trx, {
      userId,
      entityType: 'contract',
      entityId: contractId,
      action: 'delete',
      summary: `Deleted contract ${contract.reference}`,
      before: contract,
    })
  })
  await Promise.all(
    documents.map((row) =>
      drive
        .use()
        .delete(row.file_key)
        .catch(() => {})
    )
  )
}

/** Contract documents with who uploaded them, newest first. */
function documentsQuery() {
  return db
    .from('contract_documents')
    .leftJoin('users', 'users.id', 'contract_documents.uploaded_by')
    .select(
      'contract_documents.id',
      'contract_documents.contract_id',
      'contract_documents.title',
      'contract_documents.document_date',
      'contract_documents.original_name',
      'contract_documents.file_size',
      'contract_documents.created_at',
      'users.name as uploaded_by'
    )
    .orderBy('contract_documents.created_at', 'desc')
}

function presentDocument(row: Record<string, any>) {
  return {
    id: row.id as number,
    contractId: row.contract_id as number,
    title: row.title as string,
    documentDate: row.document_date ? toIsoDate(row.document_date) : null,
    fileName: row.original_name as string,
    fileSize: Number(row.file_size),
    uploadedBy: (row.uploaded_by as string | null) ?? 'Former administrator',
    uploadedAt: new Date(row.created_at).toISOString(),
  }
}

export async function contractDocuments(contractIds: number[]) {
  if (contractIds.length === 0) return []
  const rows = await documentsQuery().whereIn('contract_documents.contract_id', contractIds)
  return rows.map(presentDocument)
}

/**
 * Stores a signed contract PDF on the uploads disk and records it, all or nothing. The PDF is
 * checked by its content first, like every PDF the product accepts.
 */
export async function uploadContractDocument(
  userId: number,
  contractId: number,
  input: { file: MultipartFile; title: string; documentDate: string | null }
) {
  const contract = await db.from('contracts').where('id', contractId).first()
  if (!contract) throw new NotFoundForTeam('Contract not found')
  await checkUploadedPdf(input.file, {
    maxMb: CONTRACT_DOCUMENT_MAX_MB,
    documentName: 'a contract document',
  })
  const key = `${DOCUMENTS_PREFIX}/${contractId}/${randomUUID()}.pdf`
  let moved = false
  try {
    await db.transaction(async (trx) => {
      const id = await insertReturningId(trx, 'contract_documents', {
        contract_id: contractId,
        title: input.title.trim(),
        document_date: input.documentDate,
        file_key: key,
        original_name: (input.file.clientName || 'contract.pdf').slice(0, 255),
        file_size: input.file.size,
        uploaded_by: userId,
        created_at: DateTime.now().toFormat(trx.dialect.dateTimeFormat),
      })
      await input.file.moveToDisk(key)
      moved = true
      await audit(trx, {
        userId,
        entityType: 'contract_document',
        entityId: id,
        action: 'create',
        summary: `Uploaded "${input.title.trim()}" to contract ${contract.reference}`,
        after: {
          title: input.title.trim(),
          document_date: input.documentDate,
          file: input.file.clientName,
        },
      })
    })
  } catch (error) {
    if (moved)
      await drive
        .use()
        .delete(key)
        .catch(() => {})
    throw error
  }
}

export async function deleteContractDocument(userId: number, documentId: number) {
  const document = await db.from('contract_documents').where('id', documentId).first()
  if (!document) throw new NotFoundForTeam('Document not found')
  await db.transaction(async (trx) => {
    await trx.from('contract_documents').where('id', documentId).delete()
    await audit(trx, {
      userId,
      entityType: 'contract_document',
      entityId: documentId,
      action: 'delete',
      summary: `Deleted "${document.title}" from contract ${document.contract_id}`,
      before: document,
    })
  })
  await drive
    .use()
    .delete(document.file_key)
    .catch(() => {})
  return document.contract_id as number
}

/**
 * A document for download: any document for administrators, only the team's own for users.
 */
export async function documentForDownload(documentId: number, teamId: number | null) {
  const row = await db
    .from('contract_documents')
    .join('contracts', 'contracts.id', 'contract_documents.contract_id')
    .where('contract_documents.id', documentId)
    .if(teamId !== null, (query) => query.where('contracts.team_id', teamId!))
    .select('contract_documents.file_key', 'contract_documents.original_name')
    .first()
  if (!row) throw new NotFoundForTeam('Document not found')
  return { key: row.file_key as string, name: row.original_name as string }
}

/**
 * The documents of the team's contracts with a provider, for the client pages, in one query.
 */
export async function teamProviderDocuments(teamId: number, providerId: number) {
  const rows = await documentsQuery()
    .join('contracts', 'contracts.id', 'contract_documents.contract_id')
    .where({ 'contracts.team_id': teamId, 'contracts.provider_id': providerId })
    .select('contracts.reference as contract_reference')
  return rows.map((row) => ({
    ...presentDocument(row),
    contractReference: row.contract_reference as string,
  }))
}
