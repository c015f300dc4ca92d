import { generateServiceProviderMetadata } from '@node-saml/node-saml'
import { appUrl } from '#config/app'

export const NAME_ID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'

/**
 * What a team gives its identity provider. Each team is its own service provider, so that
 * one team's identity provider can never sign someone into another team.
 */
export function serviceProviderFor(teamId: number) {
  const base = appUrl.replace(/\/+$/, '')
  return {
    entityId: `${base}/sso/metadata/${teamId}`,
    acsUrl: `${base}/sso/acs/${teamId}`,
    metadataUrl: `${base}/sso/metadata/${teamId}`,
    nameIdFormat: NAME_ID_EMAIL,
  }
}

export type ServiceProviderParameters = ReturnType<typeof serviceProviderFor>

/** The service provider's metadata XML, for the identity provider to import. */
export function serviceProviderMetadata(teamId: number) {
  const sp = serviceProviderFor(teamId)
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: sp.nameIdFormat,
    wantAssertionsSigned: true,
    decryptionCert: null,
    publicCerts: null,
  })
}
