import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'
import {
  configureTeamSso,
  ssoDomain,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '#tests/helpers/saml_idp'
import { FINGERPRINT_MISMATCH } from '#services/sso/metadata_trust'
import { MODULES } from '#shared/modules'

/**
 * Identity provider metadata is used for sign-in only once it is shown to be the identity
 * provider's: signed with the certificate the team already trusts, or with its signing
 * certificate's fingerprint confirmed by a manager. Anything else waits, unused.
 */

let idp: TestIdentityProvider
let other: TestIdentityProvider

async function teamWithManager() {
  const team = await makeTeam({ modules: [MODULES.ssoManagement] })
  const manager = await makeUser({ teams: [team] })
  await db
    .from('team_user')
    .where({ team_id: team.id, user_id: manager.id })
    .update({ role: 'manager' })
  await db.table('team_allowed_domains').insert({
    team_id: team.id,
    domain: ssoDomain(team.id),
    created_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
  })
  return { team, manager }
}

function send(client: ApiClient, user: User, url: string, form: Record<string, unknown>) {
  return client
    .post(url)
    .loginAs(user)
    .withCsrfToken()
    .header('referer', '/sso-management')
    .form(form)
    .redirects(0)
}

const upload = (client: ApiClient, user: User, xml: string, fingerprint?: string) =>
  send(client, user, '/sso-management/metadata', {
    metadataXml: xml,
    ...(fingerprint === undefined ? {} : { certificateFingerprint: fingerprint }),
  })

const confirm = (client: ApiClient, user: User, fingerprint: string) =>
  send(client, user, '/sso-management/metadata/confirm', { certificateFingerprint: fingerprint })

const inUse = (teamId: number) => db.from('team_sso_configs').where('team_id', teamId).first()
const waiting = (teamId: number) =>
  db.from('team_sso_pending_metadata').where('team_id', teamId).first()

/** How each identity provider change by the user was verified, in order. */
async function verifications(userId: number) {
  const rows = await db
    .from('security_events')
    .where({ event: 'team_policy_changed', user_id: userId })
    .orderBy('id')
  return rows
    .map((row) => JSON.parse(row.details))
    .filter((details) => details.change === 'sso_identity_provider')
    .map((details) => details.verifiedBy)
}

test.group(
  'Single sign-on: metadata is used only once it is shown to be the provider’s',
  (group) => {
    group.setup(async () => {
      ;[idp, other] = await Promise.all([startTestIdentityProvider(), startTestIdentityProvider()])
      return async () => {
        await Promise.all([idp.close(), other.close()])
      }
    })
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test('unsigned metadata waits, unused, until a manager confirms its fingerprint', async ({
      client,
      assert,
    }) => {
      const { team, manager } = await teamWithManager()

      const uploaded = await upload(client, manager, idp.metadata)
      uploaded.assertHeader('location', '/sso-management')
      assert.match(String(uploaded.flashMessages().success), /not used yet/)
      assert.isNull(await inUse(team.id))

      const page = await client.get('/sso-management').loginAs(manager).withInertia()
      assert.isNull(page.inertiaProps.identityProvider)
      assert.deepInclude(page.inertiaProps.pendingIdentityProvider, {
        entityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        uploadedBy: manager.name,
      })

      // Single sign-on cannot be turned on with it, and nobody is sent to it.
      const turnOn = await send(client, manager, '/sso-management/state', {
        enabled: true,
        required: false,
      })
      assert.match(
        flashedError(turnOn, 'enabled') ?? '',
        /Upload your identity provider’s metadata/
      )
      const start = await client
        .post('/sso/start')
        .withCsrfToken()
        .form({ ssoEmail: `someone@${ssoDomain(team.id)}` })
        .redirects(0)
      assert.notInclude(start.header('location') ?? '', idp.url)

      // Another certificate's fingerprint is refused; nothing is used.
      const wrong = await confirm(client, manager, other.fingerprint)
      assert.equal(flashedError(wrong, 'certificateFingerprint'), FINGERPRINT_MISMATCH)
      assert.isNull(await inUse(team.id))
      assert.isNotNull(await waiting(team.id))

      // The SHA-1 fingerprint as some consoles show it (lower case, no colons) is accepted too.
      const { certificateFingerprints } = await import('#services/sso/idp_metadata')
      const body = idp.certificate.replace(/-----[A-Z ]+-----|\s+/g, '')
      const sha1 = certificateFingerprints(body).sha1.replaceAll(':', '').toLowerCase()
      const confirmed = await confirm(client, manager, sha1)
      confirmed.assertHeader('location', '/sso-management')
      assert.equal(confirmed.flashMessages().success, 'Identity provider saved.')
      const saved = await inUse(team.id)
      assert.equal(saved.idp_entity_id, idp.entityId)
      assert.isNull(await waiting(team.id))
      assert.deepEqual(await verifications(manager.id), ['fingerprint'])
    })

    test('a fingerprint given with the upload uses the metadata at once; a wrong one keeps nothing', async ({
      client,
      assert,
    }) => {
      const { team, manager } = await teamWithManager()

      const wrong = await upload(client, manager, idp.metadata, other.fingerprint)
      assert.equal(flashedError(wrong, 'certificateFingerprint'), FINGERPRINT_MISMATCH)
      assert.isNull(await inUse(team.id))
      assert.isNull(await waiting(team.id))

      const right = await upload(
        client,
        manager,
        idp.metadata,
        ` ${idp.fingerprint.toLowerCase()} `
      )
      right.assertHeader('location', '/sso-management')
      const current = await inUse(team.id)
      assert.equal(current.idp_entity_id, idp.entityId)
    })

    test('metadata signed only with the certificate it carries waits like unsigned metadata', async ({
      client,
      assert,
    }) => {
      const { team, manager } = await teamWithManager()
      const response = await upload(client, manager, idp.signedMetadata())
      response.assertHeader('location', '/sso-management')
      assert.isNull(await inUse(team.id))
      assert.isNotNull(await waiting(team.id))
    })

    test('a certificate rollover signed with the certificate in use is used at once', async ({
      client,
      assert,
    }) => {
      const { team, manager } = await teamWithManager()
      await configureTeamSso(team.id, idp.metadata)

      // The new identity provider's metadata, signed with the key the team already trusts.
      const rollover = await upload(client, manager, idp.signedMetadata(other.metadata))
      rollover.assertHeader('location', '/sso-management')
      assert.equal(rollover.flashMessages().success, 'Identity provider saved.')
      const saved = await inUse(team.id)
      assert.equal(saved.idp_entity_id, other.entityId)
      assert.isTrue(Boolean(saved.enabled), 'a rollover does not interrupt sign-in')
      assert.deepEqual(await verifications(manager.id), ['signature'])

      // Signed by a key the team does not trust yet (the new one, by itself): it waits, and
      // the provider in use stays.
      const selfSigned = await upload(client, manager, idp.signedMetadata())
      selfSigned.assertHeader('location', '/sso-management')
      const current = await inUse(team.id)
      assert.equal(current.idp_entity_id, other.entityId)
      assert.isNotNull(await waiting(team.id))

      // Changed after signing: refused.
      const tampered = idp
        .signedMetadata(other.metadata)
        .replace(other.ssoUrl, 'https://attacker.example/sso')
      const refused = await upload(client, manager, tampered)
      assert.include(flashedError(refused, 'metadataXml') ?? '', 'signature is not valid')
    })

    test('members do not see the waiting metadata and cannot confirm or discard it; a manager can discard it', async ({
      client,
      assert,
    }) => {
      const { team, manager } = await teamWithManager()
      const member = await makeUser({ teams: [team], email: `member@${ssoDomain(team.id)}` })
      await upload(client, manager, idp.metadata)

      const page = await client.get('/sso-management').loginAs(member).withInertia()
      assert.isNull(page.inertiaProps.pendingIdentityProvider)
      const confirmAsMember = await confirm(client, member, idp.fingerprint)
      confirmAsMember.assertStatus(403)
      const discardAsMember = await send(client, member, '/sso-management/metadata/discard', {})
      discardAsMember.assertStatus(403)
      assert.isNull(await inUse(team.id))
      assert.isNotNull(await waiting(team.id))

      const discarded = await send(client, manager, '/sso-management/metadata/discard', {})
      discarded.assertHeader('location', '/sso-management')
      assert.isNull(await waiting(team.id))

      const nothing = await confirm(client, manager, idp.fingerprint)
      assert.include(flashedError(nothing, 'certificateFingerprint') ?? '', 'no metadata waiting')
    })
  }
)
