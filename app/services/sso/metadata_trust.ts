import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import {
  fingerprintMatches,
  IdpMetadataError,
  parseIdpMetadata,
  type IdentityProviderMetadata,
} from '#services/sso/idp_metadata'
import { saveIdentityProvider, ssoConfigForTeam } from '#services/sso/sso_config'

/**
 * Identity provider metadata is used only once it is known to come from the team's identity
 * provider: signed with the certificate the team already trusts (a certificate rollover), or
 * with its signing certificate's fingerprint confirmed by a manager of the team, who reads it
 * in the identity provider's own console. Anything else waits, unused, for that confirmation:
 * an unsigned document, or one signed only by the certificate it carries, could have been
 * written by anyone.
 */

export const FINGERPRINT_MISMATCH =
  'This fingerprint is not the one of the signing certificate in the metadata. Copy the SHA-256 (or SHA-1) fingerprint your identity provider shows for its signing certificate; if it is right, the metadata did not come from your identity provider.'

/** How the metadata in use was shown to be the identity provider's. */
export type MetadataVerification = 'signature' | 'fingerprint'

export type ReceivedMetadata =
  | { status: 'saved'; metadata: IdentityProviderMetadata; verifiedBy: MetadataVerification }
  | { status: 'pending'; metadata: IdentityProviderMetadata }

/** The refused fingerprint, reported on the form's fingerprint field. */
export class FingerprintMismatch extends Error {
  constructor() {
    super(FINGERPRINT_MISMATCH)
  }
}

export interface PendingIdentityProvider {
  entityId: string
  ssoUrl: string
  certificateSubject: string
  certificateExpiresAt: string
  uploadedAt: string
  uploadedBy: string | null
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString()
const timestamp = (client: QueryClientContract) =>
  DateTime.now().toFormat(client.dialect.dateTimeFormat)

/** Metadata a manager of the team uploaded and nobody confirmed yet, as the page shows it. */
export async function pendingIdentityProvider(
  teamId: number,
  client: QueryClientContract = db.connection()
): Promise<PendingIdentityProvider | null> {
  const row = await client
    .from('team_sso_pending_metadata')
    .leftJoin('users', 'users.id', 'team_sso_pending_metadata.uploaded_by_id')
    .where('team_sso_pending_metadata.team_id', teamId)
    .select('team_sso_pending_metadata.*', 'users.name as uploaded_by_name')
    .first()
  if (!row) return null
  return {
    entityId: row.idp_entity_id,
    ssoUrl: row.idp_sso_url,
    certificateSubject: row.certificate_subject,
    certificateExpiresAt: iso(row.certificate_expires_at),
    uploadedAt: iso(row.created_at),
    uploadedBy: (row.uploaded_by_name as string | null) ?? null,
  }
}

async function keepPending(
  client: QueryClientContract,
  input: { teamId: number; userId: number; metadata: IdentityProviderMetadata; xml: string }
) {
  await client.from('team_sso_pending_metadata').where('team_id', input.teamId).delete()
  await client.table('team_sso_pending_metadata').insert({
    team_id: input.teamId,
    metadata_xml: input.xml,
    idp_entity_id: input.metadata.entityId,
    idp_sso_url: input.metadata.ssoUrl,
    certificate_subject: input.metadata.certificateSubject.slice(0, 1024),
    certificate_expires_at: DateTime.fromJSDate(input.metadata.certificateExpiresAt).toFormat(
      client.dialect.dateTimeFormat
    ),
    uploaded_by_id: input.userId,
    created_at: timestamp(client),
  })
}

/**
 * Reads uploaded metadata and uses it when it is shown to be the identity provider's (a
 * signature by the certificate in use, or the fingerprint the manager typed); otherwise keeps
 * it waiting for the fingerprint. A problem with the document throws IdpMetadataError; a
 * fingerprint that does not match throws FingerprintMismatch and keeps nothing.
 */
export async function receiveMetadata(input: {
  teamId: number
  userId: number
  xml: string
  fingerprint: string | null
}): Promise<ReceivedMetadata> {
  const current = await ssoConfigForTeam(input.teamId)
  const metadata = parseIdpMetadata(input.xml, new Date(), current ? [current.idpCertificate] : [])
  if (input.fingerprint && !fingerprintMatches(input.fingerprint, metadata.certificate)) {
    throw new FingerprintMismatch()
  }
  const verifiedBy: MetadataVerification | null = input.fingerprint
    ? 'fingerprint'
    : metadata.signedBy === 'trusted'
      ? 'signature'
      : null
  await db.transaction(async (trx) => {
    const stored = { teamId: input.teamId, userId: input.userId, metadata, xml: input.xml }
    if (verifiedBy) {
      await saveIdentityProvider(trx, stored)
      await trx.from('team_sso_pending_metadata').where('team_id', input.teamId).delete()
    } else {
      await keepPending(trx, stored)
    }
  })
  return verifiedBy ? { status: 'saved', metadata, verifiedBy } : { status: 'pending', metadata }
}

/**
 * Uses the waiting metadata once the manager's fingerprint matches its signing certificate
 * (read again: a certificate that expired while waiting is refused).
 */
export async function confirmPendingMetadata(input: {
  teamId: number
  userId: number
  fingerprint: string
}) {
  return db.transaction(async (trx) => {
    const row = await trx
      .from('team_sso_pending_metadata')
      .where('team_id', input.teamId)
      .forUpdate()
      .first()
    if (!row) {
      throw new IdpMetadataError(
        'There is no metadata waiting for confirmation: upload your identity provider’s metadata.'
      )
    }
    const xml = row.metadata_xml as string
    const metadata = parseIdpMetadata(xml)
    if (!fingerprintMatches(input.fingerprint, metadata.certificate)) {
      throw new FingerprintMismatch()
    }
    await saveIdentityProvider(trx, { teamId: input.teamId, userId: input.userId, metadata, xml })
    await trx.from('team_sso_pending_metadata').where('team_id', input.teamId).delete()
    return metadata
  })
}

export async function discardPendingMetadata(teamId: number) {
  await db.from('team_sso_pending_metadata').where('team_id', teamId).delete()
}
