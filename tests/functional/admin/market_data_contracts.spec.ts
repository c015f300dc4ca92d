import { test } from '@japa/runner'
import { existsSync, rmSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import { demoAnalystIn, teamId } from '#tests/helpers/market_data'
import { pdfBytes } from '#tests/helpers/insights_reports'

const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
const PDF = await pdfBytes(1, 'Signed order form')
const uploads = () => app.makePath(process.env.UPLOADS_PATH || 'tmp/test-uploads')

async function bloomberg() {
  return db.from('providers').where('provider_key', 'bloomberg').firstOrFail()
}

test.group('Admin contracts and documents', (group) => {
  group.each.setup(() => {
    rmSync(app.makePath(uploads(), 'contracts'), { recursive: true, force: true })
    return testUtils.db().withGlobalTransaction()
  })

  test('creates, edits and deletes a contract; refuses duplicates and deletes with benchmarks', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const northbridge = await teamId('Northbridge Asset Management')
    const license = await db.from('license_types').firstOrFail()
    const create = (reference: string) =>
      client
        .post(`/admin/market-data/teams/${northbridge}/providers/bloomberg/contracts`)
        .loginAs(admin)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json({
          reference,
          license_type_id: license.id,
          start_date: '2027-01-01',
          end_date: '2029-12-31',
        })
    const first = await create('BBG-NEW-1')
    first.assertStatus(200)
    const created = await db.from('contracts').where('reference', 'BBG-NEW-1').firstOrFail()
    assert.equal(created.team_id, northbridge)

    const duplicate = await create('bbg-new-1')
    duplicate.assertStatus(422)
    assert.equal(
      duplicate.body().errors[0].message,
      'The team already has a contract with this reference.'
    )

    const inverted = await client
      .post(`/admin/market-data/contracts/${created.id}`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .json({
        reference: 'BBG-NEW-1',
        license_type_id: license.id,
        start_date: '2027-01-01',
        end_date: '2026-01-01',
      })
    inverted.assertStatus(422)

    const withBenchmarks = await db
      .from('contracts')
      .join('product_benchmarks', 'product_benchmarks.contract_id', 'contracts.id')
      .where('contracts.team_id', northbridge)
      .select('contracts.id')
      .firstOrFail()
    const refused = await client
      .post(`/admin/market-data/contracts/${withBenchmarks.id}/delete`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
    refused.assertStatus(422)
    assert.isNotNull(await db.from('contracts').where('id', withBenchmarks.id).first())

    const deleted = await client
      .post(`/admin/market-data/contracts/${created.id}/delete`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
    deleted.assertStatus(200)
    assert.isNull(await db.from('contracts').where('id', created.id).first())
    const actions = await db.from('audit_logs').where('entity_type', 'contract').orderBy('id')
    assert.deepEqual(
      actions.map((row) => row.action),
      ['create', 'delete']
    )
  })

  test('uploads a signed PDF that the team, and only the team, can download', async ({
    client,
    assert,
  }) => {
    const analyst = await demoAnalystIn('Northbridge Asset Management')
    const admin = await mdAdmin()
    const provider = await bloomberg()
    const contract = await db
      .from('contracts')
      .where({ team_id: await teamId('Northbridge Asset Management'), provider_id: provider.id })
      .firstOrFail()

    const wrongType = await client
      .post(`/admin/market-data/contracts/${contract.id}/documents`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('file', Buffer.from('not a pdf'), { filename: 'contract.txt' })
      .field('title', 'Order form')
    wrongType.assertStatus(422)

    const uploaded = await client
      .post(`/admin/market-data/contracts/${contract.id}/documents`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('file', PDF, { filename: 'Signed order form.pdf' })
      .field('title', 'Signed order form')
      .field('document_date', '2026-01-15')
    uploaded.assertStatus(200)
    const document = await db
      .from('contract_documents')
      .where('contract_id', contract.id)
      .firstOrFail()
    assert.isTrue(existsSync(app.makePath(uploads(), document.file_key)))

    // The documents are a deferred prop: the page asks for them once it is shown.
    const first = await client.get('/market-data/bloomberg').loginAs(analyst).withInertia()
    const page = await client
      .get('/market-data/bloomberg')
      .loginAs(analyst)
      .withInertiaPartialReload(first.inertiaComponent!, ['documents'])
    const documents = (page.inertiaProps as any).documents
    assert.deepEqual(
      documents.map((entry: any) => entry.title),
      ['Signed order form']
    )
    const download = await client.get(`/market-data/documents/${document.id}`).loginAs(analyst)
    download.assertStatus(200)
    download.assertHeader('content-type', 'application/pdf')

    const helvetiaUser = await makeUser({
      teams: [{ name: 'Helvetia Capital Partners' }],
    })
    const foreign = await client.get(`/market-data/documents/${document.id}`).loginAs(helvetiaUser)
    foreign.assertStatus(404)

    const removed = await client
      .post(`/admin/market-data/contract-documents/${document.id}/delete`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
    removed.assertStatus(200)
    assert.isFalse(existsSync(app.makePath(uploads(), document.file_key)))
  })

  test('refuses administrators without the permission', async ({ client }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const contract = await db.from('contracts').firstOrFail()
    const page = await client
      .get(`/admin/market-data/contracts/${contract.id}/documents`)
      .loginAs(servicesAdmin)
      .withInertia()
    page.assertStatus(403)
    const remove = await client
      .post(`/admin/market-data/contracts/${contract.id}/delete`)
      .loginAs(servicesAdmin)
      .withCsrfToken()
      .header('accept', 'application/json')
    remove.assertStatus(403)
  })
})
