import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { appUrl } from '#config/app'
import type User from '#models/user'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'
import { startTestIdentityProvider, type TestIdentityProvider } from '#tests/helpers/saml_idp'
import { MODULES } from '#shared/modules'

let idp: TestIdentityProvider

async function teamWithManager() {
  const team = await makeTeam({ modules: [MODULES.ssoManagement] })
  const manager = await makeUser({ teams: [team] })
  await db
    .from('team_user')
    .where({ team_id: team.id, user_id: manager.id })
    .update({ role: 'manager' })
  return { team, manager }
}

function uploadXml(
  client: any,
  user: User,
  xml: string,
  filename = 'idp-metadata.xml',
  fingerprint?: string
) {
  const request = client
    .post('/sso-management/metadata')
    .loginAs(user)
    .withCsrfToken()
    .header('referer', '/sso-management')
    .file('metadataFile', Buffer.from(xml), { filename, contentType: 'application/xml' })
    .redirects(0)
  if (fingerprint) request.field('certificateFingerprint', fingerprint)
  return request
}

function pasteXml(client: any, user: User, xml: string, fingerprint?: string) {
  return client
    .post('/sso-management/metadata')
    .loginAs(user)
    .withCsrfToken()
    .header('referer', '/sso-management')
    .form({ metadataXml: xml, ...(fingerprint ? { certificateFingerprint: fingerprint } : {}) })
    .redirects(0)
}

async function allowDomain(teamId: number, domain: string) {
  await db.table('team_allowed_domains').insert({
    team_id: teamId,
    domain,
    created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
  })
}

async function isEnabled(teamId: number) {
  const config = await savedConfig(teamId)
  return Boolean(config?.enabled)
}

async function savedConfig(teamId: number) {
  return db.from('team_sso_configs').where('team_id', teamId).first()
}

/** The test identity provider's metadata with one part replaced. */
function alteredMetadata(pattern: RegExp, replacement: string) {
  const altered = idp.metadata.replace(pattern, replacement)
  if (altered === idp.metadata) throw new Error(`Pattern ${pattern} not found in the metadata`)
  return altered
}

test.group('Single sign-on: SSO Management', (group) => {
  group.setup(async () => {
    idp = await startTestIdentityProvider()
    return () => idp.close()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the service provider parameters and who may change them', async ({
    client,
    assert,
  }) => {
    const { team, manager } = await teamWithManager()
    const member = await makeUser({ teams: [team] })

    const asManager = await client.get('/sso-management').loginAs(manager).withInertia()
    asManager.assertStatus(200)
    asManager.assertInertiaComponent('sso/management')
    asManager.assertInertiaPropsContains({
      canManage: true,
      identityProvider: null,
      enabled: false,
      required: false,
      serviceProvider: {
        entityId: `${appUrl}/sso/metadata/${team.id}`,
        acsUrl: `${appUrl}/sso/acs/${team.id}`,
        metadataUrl: `${appUrl}/sso/metadata/${team.id}`,
        nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      },
    })

    const asMember = await client.get('/sso-management').loginAs(member).withInertia()
    asMember.assertStatus(200)
    assert.isFalse(asMember.inertiaProps.canManage)
  })

  test('shows its managers whom the identity provider signs in and who keeps a password', async ({
    client,
    assert,
  }) => {
    const { team, manager } = await teamWithManager()
    await makeUser({ teams: [team, await makeTeam()], email: 'multi.team@example.com' })
    await makeUser({ teams: [team], email: 'ops@example.com', isAdministrator: true })
    await makeUser({ teams: [team], email: 'early@elsewhere.test' })
    await allowDomain(team.id, 'example.com')

    const page = await client.get('/sso-management').loginAs(manager).withInertia()
    page.assertStatus(200)
    assert.deepEqual(page.inertiaProps.emailDomains, ['example.com'])
    const refusals = Object.fromEntries(
      (page.inertiaProps.audience as { email: string; refusal: string | null }[]).map((entry) => [
        entry.email,
        entry.refusal,
      ])
    )
    assert.deepEqual(refusals, {
      [manager.email]: null,
      'multi.team@example.com': 'other_team',
      'ops@example.com': 'administrator',
      'early@elsewhere.test': 'domain',
    })

    // Members see the settings, not the roster.
    const member = await makeUser({ teams: [team] })
    const asMember = await client.get('/sso-management').loginAs(member).withInertia()
    assert.isNull(asMember.inertiaProps.audience)
  })

  test('refuses the page to a team without the module', async ({ client }) => {
    const user = await makeUser({ teams: [await makeTeam({ modules: [] })] })
    const response = await client.get('/sso-management').loginAs(user).withInertia()
    response.assertStatus(403)
  })

  test('saves an uploaded metadata file with its confirmed fingerprint and records the change', async ({
    client,
    assert,
  }) => {
    const { team, manager } = await teamWithManager()
    const response = await uploadXml(
      client,
      manager,
      idp.metadata,
      'idp-metadata.xml',
      idp.fingerprint
    )
    response.assertStatus(302)
    response.assertHeader('location', '/sso-management')

    const config = await savedConfig(team.id)
    assert.equal(config.idp_entity_id, idp.entityId)
    assert.equal(config.idp_sso_url, idp.ssoUrl)
    assert.equal(config.metadata_xml, idp.metadata)
    assert.isTrue(idp.certificate.replace(/\s+/g, '').includes(config.idp_certificate))
    assert.isFalse(Boolean(config.enabled))

    const event = await db
      .from('security_events')
      .where({ event: 'team_policy_changed', user_id: manager.id })
      .firstOrFail()
    assert.include(JSON.parse(event.details), {
      teamId: team.id,
      change: 'sso_identity_provider',
      entityId: idp.entityId,
      verifiedBy: 'fingerprint',
    })

    const page = await client.get('/sso-management').loginAs(manager).withInertia()
    assert.deepInclude(page.inertiaProps.identityProvider, {
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
    })
  })

  test('saves pasted metadata XML with its confirmed fingerprint', async ({ client, assert }) => {
    const { team, manager } = await teamWithManager()
    const response = await pasteXml(client, manager, idp.metadata, idp.fingerprint)
    response.assertHeader('location', '/sso-management')
    const saved = await savedConfig(team.id)
    assert.equal(saved.idp_entity_id, idp.entityId)
  })

  test('reads metadata signed with the identity provider’s key, and still waits for its fingerprint', async ({
    client,
    assert,
  }) => {
    const { team, manager } = await teamWithManager()
    const response = await pasteXml(client, manager, idp.signedMetadata())
    response.assertHeader('location', '/sso-management')
    // Signed only by the certificate it carries: anyone could have written it.
    assert.isNull(await savedConfig(team.id))
    assert.isNotNull(await db.from('team_sso_pending_metadata').where('team_id', team.id).first())
  })

  test('refuses bad metadata with a clear message and saves nothing', async ({
    client,
    assert,
  }) => {
    const { team, manager } = await teamWithManager()
    const signed = idp.signedMetadata()
    const cases: [string, string][] = [
      ['<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"', 'not well-formed XML'],
      ['<html><body>Sign in</body></html>', 'its root element must be an EntityDescriptor'],
      [alteredMetadata(/ entityID="[^"]+"/, ''), 'The metadata has no entityID.'],
      [
        alteredMetadata(/<IDPSSODescriptor[\s\S]*<\/IDPSSODescriptor>/, ''),
        'does not describe a SAML 2.0 identity provider',
      ],
      [
        alteredMetadata(/<KeyDescriptor[\s\S]*?<\/KeyDescriptor>/g, ''),
        'The metadata carries no signing certificate',
      ],
      [
        alteredMetadata(/X509Certificate>[^<]+</, 'X509Certificate>bm90IGEgY2VydGlmaWNhdGU=<'),
        'The signing certificate in the metadata cannot be read.',
      ],
      [
        alteredMetadata(/urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect/g, 'urn:example:other'),
        'no single sign-on URL with the HTTP-Redirect binding',
      ],
      [
        alteredMetadata(
          /Location="http:\/\/127\.0\.0\.1:\d+\/sso"/,
          'Location="http://idp.example.com/sso"'
        ),
        'The single sign-on URL must use https',
      ],
      [
        signed.replace(idp.ssoUrl, 'https://attacker.example/sso'),
        'The metadata’s signature is not valid',
      ],
      [
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><EntityDescriptor/>',
        'must not contain a DOCTYPE',
      ],
    ]
    for (const [xml, message] of cases) {
      const response = await pasteXml(client, manager, xml)
      response.assertHeader('location', '/sso-management')
      assert.include(flashedError(response, 'metadataXml') ?? '', message, xml.slice(0, 80))
    }
    assert.isNull(await savedConfig(team.id))
    assert.lengthOf(await db.from('security_events').where('event', 'team_policy_changed'), 0)
  })

  test('refuses an expired signing certificate', async ({ assert }) => {
    const { parseIdpMetadata } = await import('#services/sso/idp_metadata')
    const later = new Date(Date.now() + 2 * 365 * 24 * 60 * 60 * 1000)
    assert.throws(
      () => parseIdpMetadata(idp.metadata, later),
      /signing certificate in the metadata expired on/
    )
  })

  test('reports a pasted document’s problem under the paste field when the page sends the form (multipart, no file chosen)', async ({
    client,
    assert,
  }) => {
    const { team, manager } = await teamWithManager()
    const send = (xml: string) =>
      client
        .post('/sso-management/metadata')
        .loginAs(manager)
        .withCsrfToken()
        .header('referer', '/sso-management')
        // What the page's form sends: the empty file field, and the pasted XML.
        .field('metadataFile', '')
        .field('metadataXml', xml)
        .redirects(0)
    const broken = await send('<EntityDescriptor')
    assert.include(flashedError(broken, 'metadataXml') ?? '', 'not well-formed XML')
    assert.isUndefined(flashedError(broken, 'metadataFile'))

    assert.isNull(await savedConfig(team.id))
  })

  test('refuses a file that is not XML', async ({ client, assert }) => {
    const { team, manager } = await teamWithManager()
    const response = await uploadXml(client, manager, idp.metadata, 'metadata.txt')
    response.assertHeader('location', '/sso-management')
    assert.equal(flashedError(response, 'metadataFile'), 'Upload the metadata as an .xml file.')

    const tooLarge = await uploadXml(client, manager, `<x>${'a'.repeat(1024 * 1024)}</x>`)
    assert.equal(
      flashedError(tooLarge, 'metadataFile'),
      'The metadata file must be smaller than 1 MB.'
    )

    const empty = await pasteXml(client, manager, '   ')
    assert.isString(flashedError(empty, 'metadataFile'))
    assert.isNull(await savedConfig(team.id))
  })

  test('turns single sign-on on, makes it mandatory and off again', async ({ client, assert }) => {
    const { team, manager } = await teamWithManager()
    const early = await client
      .post('/sso-management/state')
      .loginAs(manager)
      .withCsrfToken()
      .header('referer', '/sso-management')
      .form({ enabled: true, required: false })
      .redirects(0)
    assert.equal(
      flashedError(early, 'enabled'),
      'Upload your identity provider’s metadata before turning on single sign-on.'
    )
    assert.isNull(await savedConfig(team.id))

    await uploadXml(client, manager, idp.metadata, 'idp-metadata.xml', idp.fingerprint)
    const setState = (state: { enabled: boolean; required: boolean; confirmMandatory?: boolean }) =>
      client
        .post('/sso-management/state')
        .loginAs(manager)
        .withCsrfToken()
        .header('referer', '/sso-management')
        .form(state)
        .redirects(0)

    // A team's identity provider signs in only addresses at the team's domains: none, no SSO.
    const withoutDomains = await setState({ enabled: true, required: false })
    assert.include(flashedError(withoutDomains, 'enabled'), 'needs your company’s email domain')
    assert.isFalse(await isEnabled(team.id))
    await allowDomain(team.id, 'example.com')

    // Mandatory only once confirmed (after the page has shown whom it binds).
    const unconfirmed = await setState({ enabled: true, required: true })
    assert.include(flashedError(unconfirmed, 'enabled'), 'Confirm that single sign-on becomes')
    assert.isFalse(await isEnabled(team.id))
    const mandatory = await setState({ enabled: true, required: true, confirmMandatory: true })
    mandatory.assertHeader('location', '/sso-management')
    let config = await savedConfig(team.id)
    assert.isTrue(Boolean(config.enabled))
    assert.isTrue(Boolean(config.required))

    // Mandatory only while on.
    await setState({ enabled: false, required: true })
    config = await savedConfig(team.id)
    assert.isFalse(Boolean(config.enabled))
    assert.isFalse(Boolean(config.required))

    const changes = await db
      .from('security_events')
      .where('event', 'team_policy_changed')
      .orderBy('id')
    assert.deepEqual(
      changes.map((row) => JSON.parse(row.details).change),
      ['sso_identity_provider', 'sso_state', 'sso_state']
    )
  })

  test('refuses every change to a member who is not a manager', async ({ client, assert }) => {
    const { team, manager } = await teamWithManager()
    await uploadXml(client, manager, idp.metadata, 'idp-metadata.xml', idp.fingerprint)
    const member = await makeUser({ teams: [team] })

    const upload = await pasteXml(client, member, idp.metadata).withInertia()
    upload.assertStatus(403)
    const toggle = await client
      .post('/sso-management/state')
      .loginAs(member)
      .withCsrfToken()
      .json({ enabled: true, required: true })
      .header('accept', 'application/json')
    toggle.assertStatus(403)
    toggle.assertBodyContains({ code: 'E_TEAM_MANAGER_REQUIRED' })
    const config = await savedConfig(team.id)
    assert.isFalse(Boolean(config.enabled))
  })

  test('a manager of another team cannot change this team', async ({ client, assert }) => {
    const { team } = await teamWithManager()
    const { manager: otherManager } = await teamWithManager()
    await db.table('team_user').insert({
      team_id: team.id,
      user_id: otherManager.id,
      role: 'member',
      created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
    })
    otherManager.currentTeamId = team.id
    await otherManager.save()
    const response = await pasteXml(client, otherManager, idp.metadata)
    response.assertStatus(403)
    assert.isNull(await savedConfig(team.id))
  })

  test('publishes the service provider metadata without sign-in', async ({ client, assert }) => {
    const { team } = await teamWithManager()
    const response = await client.get(`/sso/metadata/${team.id}?download=1`)
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'application/samlmetadata+xml')
    assert.include(response.header('content-disposition'), 'attachment')
    const xml = response.text()
    assert.include(xml, `entityID="${appUrl}/sso/metadata/${team.id}"`)
    assert.include(xml, `Location="${appUrl}/sso/acs/${team.id}"`)
    assert.include(xml, 'WantAssertionsSigned="true"')
    assert.include(xml, 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress')

    const withoutModule = await makeTeam({ modules: [] })
    const missing = await client.get(`/sso/metadata/${withoutModule.id}`)
    missing.assertStatus(404)
  })
})
