import vine from '@vinejs/vine'
import { MAX_METADATA_BYTES } from '#services/sso/idp_metadata'

export const ssoStartValidator = vine.create({
  ssoEmail: vine.string().trim().toLowerCase().email().maxLength(254),
})

/**
 * The identity provider's metadata: an uploaded XML file, or the XML pasted as text. (XML has
 * no magic number, so the file's name and type are checked by the controller.)
 */
export const ssoMetadataValidator = vine.create({
  metadataFile: vine.file({ size: MAX_METADATA_BYTES }).optional(),
  metadataXml: vine.string().trim().maxLength(MAX_METADATA_BYTES).optional(),
  /** The signing certificate's fingerprint as the identity provider shows it: uses it at once. */
  certificateFingerprint: vine.string().trim().maxLength(200).optional(),
})

/** Confirms metadata waiting for its signing certificate's fingerprint. */
export const ssoConfirmMetadataValidator = vine.create({
  certificateFingerprint: vine.string().trim().minLength(1).maxLength(200),
})

export const ssoStateValidator = vine.create({
  enabled: vine.boolean(),
  required: vine.boolean(),
  /** Making single sign-on mandatory is confirmed after seeing whom it binds. */
  confirmMandatory: vine.boolean().optional(),
})
