import { createHash, X509Certificate } from 'node:crypto'
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom'
import { SignedXml } from 'xml-crypto'

export const SAML_METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata'
const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#'
const SAML2_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol'
export const HTTP_REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect'

/** Metadata documents are small; anything larger is not an identity provider's metadata. */
export const MAX_METADATA_BYTES = 1024 * 1024

/** What the identity provider's metadata tells us, once it has been checked. */
export interface IdentityProviderMetadata {
  entityId: string
  ssoUrl: string
  /** Base64 body (DER) of the signing certificate. */
  certificate: string
  certificateSubject: string
  certificateExpiresAt: Date
  /**
   * Who signed the document: a certificate the team already trusts (its identity provider's
   * current one: a rollover), only the certificate the document itself carries (which proves
   * nothing about who wrote it), or nobody.
   */
  signedBy: 'trusted' | 'self' | null
}

/** A metadata document that cannot be used, with the reason in words a team manager can act on. */
export class IdpMetadataError extends Error {}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

function parseXml(xml: string) {
  if (/<!DOCTYPE/i.test(xml)) {
    throw new IdpMetadataError('The metadata must not contain a DOCTYPE declaration.')
  }
  const problems: string[] = []
  const parser = new DOMParser({
    onError: (_level, message) => {
      problems.push(String(message).split('\n')[0])
    },
  })
  let document
  try {
    document = parser.parseFromString(xml, 'text/xml')
  } catch (error) {
    problems.push((error as Error).message.split('\n')[0])
  }
  if (problems.length > 0 || !document?.documentElement) {
    throw new IdpMetadataError(
      `The metadata is not well-formed XML (${problems[0] ?? 'no root element'}).`
    )
  }
  return document
}

function childElements(parent: XmlElement, namespace: string, localName: string) {
  const found: XmlElement[] = []
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as XmlElement
    if (
      node.nodeType === 1 &&
      element.namespaceURI === namespace &&
      element.localName === localName
    ) {
      found.push(element)
    }
  }
  return found
}

function descendants(parent: XmlElement, namespace: string, localName: string) {
  return Array.from(parent.getElementsByTagNameNS(namespace, localName)) as XmlElement[]
}

function checkSsoUrl(location: string) {
  let url: URL
  try {
    url = new URL(location)
  } catch {
    throw new IdpMetadataError(`The single sign-on URL "${location}" is not a valid URL.`)
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new IdpMetadataError(`The single sign-on URL must use https (found "${location}").`)
  }
  return url.toString()
}

function readCertificate(descriptor: XmlElement, now: Date) {
  const keyDescriptors = childElements(descriptor, SAML_METADATA_NS, 'KeyDescriptor').filter(
    (key) => ['', 'signing'].includes(key.getAttribute('use') ?? '')
  )
  const bodies = keyDescriptors.flatMap((key) =>
    descendants(key, XMLDSIG_NS, 'X509Certificate').map((node) =>
      (node.textContent ?? '').replace(/\s+/g, '')
    )
  )
  if (bodies.filter(Boolean).length === 0) {
    throw new IdpMetadataError(
      'The metadata carries no signing certificate: without it the identity provider’s responses cannot be verified, so it is refused.'
    )
  }
  let expired: X509Certificate | null = null
  for (const body of bodies) {
    let certificate: X509Certificate
    try {
      certificate = new X509Certificate(Buffer.from(body, 'base64'))
    } catch {
      continue
    }
    const validTo = new Date(certificate.validTo)
    if (validTo.getTime() <= now.getTime()) {
      expired = certificate
      continue
    }
    if (new Date(certificate.validFrom).getTime() > now.getTime()) continue
    return { body, subject: certificate.subject, expiresAt: validTo }
  }
  if (expired) {
    throw new IdpMetadataError(
      `The signing certificate in the metadata expired on ${new Date(expired.validTo).toISOString().slice(0, 10)}.`
    )
  }
  throw new IdpMetadataError('The signing certificate in the metadata cannot be read.')
}

function pem(body: string) {
  const lines = body.match(/.{1,64}/g) ?? []
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`
}

/**
 * A signed metadata document must verify against a certificate the team already trusts, or
 * else against the certificate it carries, and the signature must cover the whole document:
 * a document edited after signing, or signed with an unknown key, is refused.
 */
function verifyDocumentSignature(
  xml: string,
  root: XmlElement,
  certificate: string,
  trusted: string[]
): IdentityProviderMetadata['signedBy'] {
  const signatures = childElements(root, XMLDSIG_NS, 'Signature')
  if (signatures.length === 0) return null
  const invalid = new IdpMetadataError(
    'The metadata’s signature is not valid: the document was changed after it was signed, or it was signed with another key.'
  )
  if (signatures.length > 1) throw invalid
  for (const candidate of trusted) {
    if (signatureHolds(xml, root, signatures[0], candidate)) return 'trusted'
  }
  if (signatureHolds(xml, root, signatures[0], certificate)) return 'self'
  throw invalid
}

function signatureHolds(xml: string, root: XmlElement, signature: XmlElement, certificate: string) {
  const verifier = new SignedXml({ publicCert: pem(certificate) })
  try {
    verifier.loadSignature(signature as unknown as Node)
    if (!verifier.checkSignature(xml)) return false
  } catch {
    return false
  }
  const rootIds = ['ID', 'Id', 'id']
    .map((name) => root.getAttribute(name))
    .filter((id): id is string => Boolean(id))
  const references = verifier.getSignedReferences()
  const coversRoot = verifier
    .getReferences()
    .some((reference) => reference.uri === '' || rootIds.some((id) => reference.uri === `#${id}`))
  return coversRoot && references.length > 0
}

/** A certificate's SHA-256 and SHA-1 fingerprints, as identity providers show them (AB:CD:…). */
export function certificateFingerprints(body: string) {
  const der = Buffer.from(body, 'base64')
  const colons = (hex: string) => hex.toUpperCase().match(/../g)!.join(':')
  return {
    sha256: colons(createHash('sha256').update(der).digest('hex')),
    sha1: colons(createHash('sha1').update(der).digest('hex')),
  }
}

/**
 * Whether a fingerprint typed or pasted by a manager (SHA-256 or SHA-1, with or without
 * colons or spaces, any case) is the certificate's.
 */
export function fingerprintMatches(input: string, body: string) {
  const typed = input.replace(/[\s:-]/g, '').toUpperCase()
  if (!/^([0-9A-F]{40}|[0-9A-F]{64})$/.test(typed)) return false
  const { sha256, sha1 } = certificateFingerprints(body)
  return [sha256, sha1].some((fingerprint) => fingerprint.replaceAll(':', '') === typed)
}

/**
 * Reads an identity provider's SAML metadata: entity id, a single sign-on URL with the
 * HTTP-Redirect binding, and a current signing certificate. Anything missing or wrong is
 * refused with an {@link IdpMetadataError}. A signature is checked against the certificates
 * the team already trusts first (`signedBy: 'trusted'`), then against the document's own.
 */
export function parseIdpMetadata(
  xml: string,
  now = new Date(),
  trustedCertificates: string[] = []
): IdentityProviderMetadata {
  const text = xml.replace(/^\uFEFF/, '').trim()
  if (!text) throw new IdpMetadataError('The metadata is empty.')
  if (Buffer.byteLength(text) > MAX_METADATA_BYTES) {
    throw new IdpMetadataError('The metadata is larger than 1 MB.')
  }
  const root = parseXml(text).documentElement as unknown as XmlElement
  if (root.namespaceURI !== SAML_METADATA_NS || root.localName !== 'EntityDescriptor') {
    throw new IdpMetadataError(
      'The document is not SAML metadata: its root element must be an EntityDescriptor.'
    )
  }
  const entityId = (root.getAttribute('entityID') ?? '').trim()
  if (!entityId) throw new IdpMetadataError('The metadata has no entityID.')
  if (entityId.length > 1024) throw new IdpMetadataError('The entityID is too long.')

  const descriptor = childElements(root, SAML_METADATA_NS, 'IDPSSODescriptor').find((element) =>
    (element.getAttribute('protocolSupportEnumeration') ?? '').split(/\s+/).includes(SAML2_PROTOCOL)
  )
  if (!descriptor) {
    throw new IdpMetadataError(
      'The metadata does not describe a SAML 2.0 identity provider (no IDPSSODescriptor).'
    )
  }
  const redirect = childElements(descriptor, SAML_METADATA_NS, 'SingleSignOnService').find(
    (service) => service.getAttribute('Binding') === HTTP_REDIRECT_BINDING
  )
  const location = redirect?.getAttribute('Location')?.trim()
  if (!location) {
    throw new IdpMetadataError(
      'The identity provider offers no single sign-on URL with the HTTP-Redirect binding.'
    )
  }
  const ssoUrl = checkSsoUrl(location)
  if (ssoUrl.length > 2048) throw new IdpMetadataError('The single sign-on URL is too long.')
  const certificate = readCertificate(descriptor, now)
  const signedBy = verifyDocumentSignature(text, root, certificate.body, trustedCertificates)

  return {
    entityId,
    ssoUrl,
    certificate: certificate.body,
    certificateSubject: certificate.subject,
    certificateExpiresAt: certificate.expiresAt,
    signedBy,
  }
}

export function certificatePem(body: string) {
  return pem(body)
}
