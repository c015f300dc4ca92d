import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { licenseTypeIds, makeContract, makeProvider } from '#tests/helpers/market_data_fixtures'
import { demoAnalystIn } from '#tests/helpers/market_data'

const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
const BASE = '/admin/market-data/catalogue'
// The smallest valid PNG (1×1 pixel).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

test.group('Admin providers and license types', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creates and edits a provider, refusing a duplicate key; uploads a logo', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const post = (url: string, body: Record<string, unknown>) =>
      client
        .post(url)
        .loginAs(admin)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json(body)
    const ok = async (url: string, body: Record<string, unknown> = {}) => {
      const response = await post(url, body)
      response.assertStatus(200)
    }
    const provider = {
      provider_key: 'Quandl-Data',
      name: 'Quandl',
      provider_type: 'alternative_data',
      is_active: true,
      has_rate_card: false,
      description: 'Alternative datasets',
    }
    await ok(`${BASE}/providers`, provider)
    const stored = await db.from('providers').where('provider_key', 'quandl-data').firstOrFail()
    assert.equal(stored.provider_type, 'alternative_data')

    const duplicate = await post(`${BASE}/providers`, { ...provider, name: 'Other' })
    duplicate.assertStatus(422)
    assert.equal(duplicate.body().errors[0].message, 'Another provider already has this key.')
    const reserved = await post(`${BASE}/providers`, { ...provider, provider_key: 'templates' })
    reserved.assertStatus(422)

    await ok(`${BASE}/providers/${stored.id}`, { ...provider, is_active: false })
    const updated = await db.from('providers').where('id', stored.id).firstOrFail()
    assert.isFalse(Boolean(updated.is_active))

    const logo = await client
      .post(`${BASE}/providers/${stored.id}/logo`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('logo', PNG, { filename: 'quandl.png' })
    logo.assertStatus(200)
    const shown = await client.get('/admin/market-data/providers/quandl-data/logo').loginAs(admin)
    shown.assertStatus(200)

    const svg = await client
      .post(`${BASE}/providers/${stored.id}/logo`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { filename: 'x.svg' })
    svg.assertStatus(422)
  })

  test('a provider logo reaches signed-in clients by its address, never its storage key', async ({
    client,
    assert,
  }) => {
    // Seeds the demo universe too.
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const admin = await mdAdmin()
    const bloomberg = await db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
    const uploaded = await client
      .post(`${BASE}/providers/${bloomberg.id}/logo`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('logo', PNG, { filename: 'bloomberg.png' })
    uploaded.assertStatus(200)
    const stored = await db.from('providers').where('id', bloomberg.id).firstOrFail()

    const providers = await client.get('/api/market-data/active-providers').loginAs(analyst)
    const listed = providers.body().providers.find((row: any) => row.provider_key === 'bloomberg')
    assert.match(listed.logo, /^\/provider-logos\/bloomberg\?v=/)
    assert.notInclude(JSON.stringify(providers.body()), stored.logo)

    const logo = await client.get(listed.logo).loginAs(analyst)
    logo.assertStatus(200)
    logo.assertHeader('content-type', 'image/png')
    logo.assertHeader('x-content-type-options', 'nosniff')
    assert.include(logo.header('cache-control'), 'private')
    assert.include(logo.header('cache-control'), 'max-age=31536000')

    const signedOut = await client.get(listed.logo).redirects(0)
    assert.notEqual(signedOut.status(), 200)
    const missing = await client.get('/provider-logos/factset').loginAs(analyst)
    missing.assertStatus(404)
  })

  test('license types: created and renamed; one in use is never deleted', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const post = (url: string, body: Record<string, unknown> = {}) =>
      client
        .post(url)
        .loginAs(admin)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json(body)
    const ok = async (url: string, body: Record<string, unknown> = {}) => {
      const response = await post(url, body)
      response.assertStatus(200)
    }
    await ok(`${BASE}/license-types`, { key: 'academic', name: 'Academic' })
    const academic = await db.from('license_types').where('key', 'academic').firstOrFail()
    await ok(`${BASE}/license-types/${academic.id}`, { key: 'academic', name: 'Academic use' })

    // The seeded keys use dashes: they stay valid, and a bad key says which format is allowed.
    const named = await db.from('license_types').where('key', 'named-user').firstOrFail()
    await ok(`${BASE}/license-types/${named.id}`, { key: 'named-user', name: 'Named users' })
    const renamed = await db.from('license_types').where('id', named.id).firstOrFail()
    assert.equal(renamed.name, 'Named users')
    const badKey = await post(`${BASE}/license-types`, { key: 'Named user!', name: 'X' })
    badKey.assertStatus(422)
    assert.deepEqual(badKey.body().errors[0], {
      field: 'key',
      message:
        'The key must be 2 to 64 lower-case letters, digits, dashes or underscores, starting with a letter or digit (for example named-user).',
      rule: 'licenseKey',
    })

    const used = await db.from('contracts').select('license_type_id').firstOrFail()
    const refused = await post(`${BASE}/license-types/${used.license_type_id}/delete`)
    refused.assertStatus(422)
    assert.isNotNull(await db.from('license_types').where('id', used.license_type_id).first())

    await ok(`${BASE}/license-types/${academic.id}/delete`)
    assert.isNull(await db.from('license_types').where('id', academic.id).first())

    const page = await client.get('/admin/market-data/catalogue').loginAs(admin).withInertia()
    page.assertInertiaComponent('admin/market_data/catalogue')
    const actions = await db.from('audit_logs').where('entity_type', 'license_type').orderBy('id')
    assert.deepEqual(
      actions.map((row) => row.action),
      ['create', 'update', 'update', 'delete']
    )
  })

  test('counts the contracts of each provider and license type, none for those unused', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam()
    const [used, unused] = [await makeProvider(), await makeProvider()]
    await makeContract(team.id, used, { licenseTypeIndex: 1 })
    await makeContract(team.id, used, { licenseTypeIndex: 1 })
    await makeContract(team.id, used, { licenseTypeIndex: 0 })
    await db.table('license_types').insert({ key: 'unused-seats', name: 'Unused seats' })
    const page = await client
      .get(BASE)
      .loginAs(await mdAdmin())
      .withInertia()
    const props = page.inertiaProps as any
    const count = (rows: { id: number; contracts: number }[], id: number) =>
      rows.find((row) => row.id === id)?.contracts
    assert.equal(count(props.providers, used.id), 3)
    assert.equal(count(props.providers, unused.id), 0)
    const [enterprise, site] = await licenseTypeIds()
    assert.includeMembers(
      props.licenseTypes.map((row: { key: string }) => row.key),
      ['enterprise', 'site', 'unused-seats']
    )
    for (const licenseType of props.licenseTypes) {
      const expected = licenseType.id === site ? 2 : licenseType.id === enterprise ? 1 : 0
      assert.equal(licenseType.contracts, expected, licenseType.name)
    }
  })

  test('refuses administrators without the permission', async ({ client }) => {
    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const page = await client
      .get('/admin/market-data/catalogue')
      .loginAs(servicesAdmin)
      .withInertia()
    page.assertStatus(403)
    const create = await client
      .post(`${BASE}/license-types`)
      .loginAs(servicesAdmin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .json({ key: 'x1', name: 'X' })
    create.assertStatus(403)
  })
})
