import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { inflateRawSync } from 'node:zlib'
import * as samlify from 'samlify'
import { generate } from 'selfsigned'
import { SignedXml } from 'xml-crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { appUrl } from '#config/app'
import { certificateFingerprints, parseIdpMetadata } from '#services/sso/idp_metadata'
import { saveIdentityProvider, setSsoState } from '#services/sso/sso_config'

/*
 * samlify refuses to read or write any message until a schema validator is registered, and
 * its XSD validators are separate native or Java packages. This identity provider only ever
 * reads AuthnRequests produced by our own service provider and writes its own responses, so
 * here (in tests only) every message is taken as schema-valid. The application never uses
 * samlify: it verifies responses with @node-saml/node-saml.
 */
samlify.setSchemaValidator({ validate: async () => 'skipped' })

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect'
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success'

/** Ways to spoil a response, for the cases the service provider must refuse. */
export interface ResponseOptions {
  /** Signed with a key that is not the one in the published metadata. */
  foreignKey?: boolean
  /** Every signature removed. */
  unsigned?: boolean
  /** Another service provider's entity id as the audience. */
  audience?: string
  /** Issued twenty minutes ago and valid for five minutes only. */
  expired?: boolean
  /** Another assertion consumer service as the subject's recipient. */
  recipient?: string
  /** Replaces the InResponseTo attributes ('' leaves them empty). */
  inResponseTo?: string
}

export interface SamlRequestInfo {
  id: string
  issuer: string
}

function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!
  )
}

function readBody(request: http.IncomingMessage) {
  return new Promise<URLSearchParams>((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => resolve(new URLSearchParams(body)))
    request.on('error', reject)
  })
}

/**
 * Reads the AuthnRequest from an HTTP-Redirect URL (or its query string).
 */
export function readAuthnRequest(redirectUrl: string): SamlRequestInfo {
  const query = new URL(redirectUrl, 'http://idp.invalid').searchParams
  const xml = inflateRawSync(Buffer.from(query.get('SAMLRequest') ?? '', 'base64')).toString()
  const id = /\sID="([^"]+)"/.exec(xml)?.[1]
  const issuer = /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1]
  if (!id || !issuer) throw new Error('Not an AuthnRequest')
  return { id, issuer }
}

/**
 * A real SAML 2.0 identity provider (samlify) on 127.0.0.1 with a fresh self-signed key:
 * GET /metadata publishes its metadata, GET /sso (HTTP-Redirect binding) shows a sign-in
 * form, and submitting it posts a signed response to the service provider's assertion
 * consumer service, as a browser would.
 */
export async function startTestIdentityProvider() {
  const [keys, foreignKeys] = await Promise.all([
    generate([{ name: 'commonName', value: 'Spendlens Test IdP' }], {
      keySize: 2048,
      algorithm: 'sha256',
    }),
    generate([{ name: 'commonName', value: 'Someone Else' }], {
      keySize: 2048,
      algorithm: 'sha256',
    }),
  ])

  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const entityId = `${url}/metadata`

  const settings = {
    entityID: entityId,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: `${url}/sso` }],
    singleLogoutService: [{ Binding: REDIRECT, Location: `${url}/slo` }],
  }
  const idp = samlify.IdentityProvider({
    ...settings,
    privateKey: keys.private,
    signingCert: keys.cert,
  })
  const impostor = samlify.IdentityProvider({
    ...settings,
    privateKey: foreignKeys.private,
    signingCert: foreignKeys.cert,
  })

  /** The service provider, as a real identity provider knows it: from its metadata URL. */
  async function serviceProvider(issuer: string) {
    if (!issuer.startsWith(appUrl)) throw new Error(`Unknown service provider ${issuer}`)
    const response = await fetch(issuer)
    if (!response.ok) throw new Error(`Service provider metadata: HTTP ${response.status}`)
    return samlify.ServiceProvider({ metadata: await response.text() })
  }

  /**
   * A SAMLResponse (base64, HTTP-POST binding) answering the AuthnRequest in `redirectUrl`.
   */
  async function respond(redirectUrl: string, email: string, options: ResponseOptions = {}) {
    const request = readAuthnRequest(redirectUrl)
    const sp = await serviceProvider(request.issuer)
    const query = new URL(redirectUrl, url)
    const parsed = await idp.parseLoginRequest(sp, 'redirect', {
      query: Object.fromEntries(query.searchParams),
      octetString: query.search.slice(1),
    })
    const acsUrl = sp.entityMeta.getAssertionConsumerService('post') as string
    if (!acsUrl) throw new Error('The service provider has no HTTP-POST assertion consumer service')
    const issued = options.expired ? new Date(Date.now() - 20 * 60 * 1000) : new Date()
    const until = new Date(issued.getTime() + 5 * 60 * 1000)
    const inResponseTo = options.inResponseTo ?? request.id
    const values = {
      ID: `_${randomUUID()}`,
      AssertionID: `_${randomUUID()}`,
      Destination: acsUrl,
      Audience: options.audience ?? sp.entityMeta.getEntityID(),
      SubjectRecipient: options.recipient ?? acsUrl,
      Issuer: entityId,
      IssueInstant: issued.toISOString(),
      StatusCode: SUCCESS,
      ConditionsNotBefore: issued.toISOString(),
      ConditionsNotOnOrAfter: until.toISOString(),
      SubjectConfirmationDataNotOnOrAfter: until.toISOString(),
      NameIDFormat: EMAIL_FORMAT,
      NameID: email,
      InResponseTo: inResponseTo,
      AuthnStatement: '',
      AttributeStatement: '',
    }
    const signer = options.foreignKey ? impostor : idp
    const created = await signer.createLoginResponse(
      sp,
      { extract: parsed.extract, samlContent: parsed.samlContent },
      'post',
      { email },
      {
        customTagReplacement: (template: string) => ({
          id: values.ID,
          context: samlify.SamlLib.replaceTagsByValue(template, values),
        }),
      }
    )
    let samlResponse = created.context
    if (options.unsigned) {
      const xml = Buffer.from(samlResponse, 'base64').toString('utf8')
      const stripped = xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '')
      samlResponse = Buffer.from(stripped).toString('base64')
    }
    return { SAMLResponse: samlResponse, acsUrl, requestId: request.id }
  }

  server.on('request', (request, response) => {
    const handle = async () => {
      const path = new URL(request.url ?? '/', url)
      if (request.method === 'GET' && path.pathname === '/metadata') {
        response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' })
        return response.end(idp.getMetadata())
      }
      if (request.method === 'GET' && path.pathname === '/sso') {
        const authn = readAuthnRequest(request.url ?? '')
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return response.end(`<!doctype html><html><head><title>Test identity provider</title></head><body>
<h1>Test identity provider</h1><p>Signing in to ${escapeHtml(authn.issuer)}</p>
<form method="post" action="/login">
<input type="hidden" name="request" value="${escapeHtml(request.url ?? '')}">
<label for="email">Email</label> <input id="email" name="email" type="email" required>
<button type="submit">Sign in</button></form></body></html>`)
      }
      if (request.method === 'POST' && path.pathname === '/login') {
        const body = await readBody(request)
        const answer = await respond(body.get('request') ?? '', body.get('email') ?? '')
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        return response.end(`<!doctype html><html><head><title>Signing in…</title></head><body>
<form method="post" action="${escapeHtml(answer.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(answer.SAMLResponse)}">
<noscript><button type="submit">Continue</button></noscript></form>
<script>document.forms[0].submit()</script></body></html>`)
      }
      response.writeHead(404).end()
    }
    handle().catch((error: Error) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message)
    })
  })

  return {
    url,
    entityId,
    ssoUrl: `${url}/sso`,
    certificate: keys.cert,
    /** The signing certificate's SHA-256 fingerprint, as an identity provider's console shows it. */
    fingerprint: certificateFingerprints(keys.cert.replace(/-----[A-Z ]+-----|\s+/g, '')).sha256,
    metadata: idp.getMetadata() as string,
    respond,
    /**
     * Metadata signed with this identity provider's key (xml-crypto): its own by default, or
     * another document (another identity provider's metadata, for a certificate rollover).
     */
    signedMetadata(xml: string = idp.getMetadata()) {
      const signer = new SignedXml({
        privateKey: keys.private,
        publicCert: keys.cert,
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      })
      signer.addReference({
        xpath: "/*[local-name(.)='EntityDescriptor']",
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
        transforms: [
          'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
          'http://www.w3.org/2001/10/xml-exc-c14n#',
        ],
      })
      signer.computeSignature(xml, {
        prefix: 'ds',
        location: { reference: "/*[local-name(.)='EntityDescriptor']", action: 'prepend' },
      })
      return signer.getSignedXml()
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}

export type TestIdentityProvider = Awaited<ReturnType<typeof startTestIdentityProvider>>

/** The email domain the test teams' identity providers sign in: one per team. */
export function ssoDomain(teamId: number) {
  return `sso-team-${teamId}.test`
}

let memberSequence = 0

/** An address at the team's single sign-on domain. */
export function ssoAddress(teamId: number, local = `member${++memberSequence}`) {
  return `${local}@${ssoDomain(teamId)}`
}

/**
 * Gives a team the identity provider's metadata and turns single sign-on on (or not), the way
 * a team manager would on the SSO Management page. A team's identity provider signs in only
 * addresses at the team's email domains (set by administrators): a team without any gets
 * `ssoDomain(teamId)`.
 */
export async function configureTeamSso(
  teamId: number,
  metadataXml: string,
  state: { enabled: boolean; required: boolean } = { enabled: true, required: false }
) {
  const metadata = parseIdpMetadata(metadataXml)
  await db.transaction(async (trx) => {
    const domains = await trx.from('team_allowed_domains').where('team_id', teamId).first()
    if (!domains) {
      await trx.table('team_allowed_domains').insert({
        team_id: teamId,
        domain: ssoDomain(teamId),
        created_at: DateTime.now().toFormat(trx.dialect.dateTimeFormat),
      })
    }
    await saveIdentityProvider(trx, { teamId, userId: null, metadata, xml: metadataXml })
    await setSsoState(trx, { teamId, userId: null, ...state })
  })
}
