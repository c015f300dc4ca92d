import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import { parseCsv } from '#services/imports/table_file'

const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
const BASE = '/admin/market-data/providers/bloomberg/regressions'
const HEADER = 'Product,License type,Intercept,Driver,Coefficient,Min,Max'

async function snapshot() {
  const [regressions, coefficients] = await Promise.all([
    db.from('regressions').orderBy('id').select('id', 'product_id', 'license_type_id', 'intercept'),
    db
      .from('regression_coefficients')
      .orderBy(['regression_id', 'driver_id'])
      .select(
        'regression_id',
        'driver_id',
        'coefficient_value',
        'min_driver_value',
        'max_driver_value'
      ),
  ])
  return JSON.stringify({ regressions, coefficients })
}

async function terminalRegression() {
  return db
    .from('regressions')
    .join('provider_products', 'provider_products.id', 'regressions.product_id')
    .join('license_types', 'license_types.id', 'regressions.license_type_id')
    .where('provider_products.name', 'Bloomberg Terminal')
    .where('license_types.name', 'Enterprise')
    .select('regressions.id', 'regressions.intercept')
    .firstOrFail()
}

test.group('Admin regressions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists each product and license type with what it prices and what is missing', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    // One coefficient gone: the page flags the driver.
    const regression = await terminalRegression()
    const users = await db
      .from('drivers')
      .where('name', 'Users')
      .whereIn('provider_id', db.from('providers').where('provider_key', 'bloomberg').select('id'))
      .firstOrFail()
    await db
      .from('regression_coefficients')
      .where({ regression_id: regression.id, driver_id: users.id })
      .delete()

    const response = await client
      .get(BASE)
      .loginAs(await mdAdmin())
      .withInertia()
    response.assertInertiaComponent('admin/market_data/regressions')
    const rows = (response.inertiaProps as any).rows
    const terminal = rows.find(
      (row: any) =>
        row.product.name === 'Bloomberg Terminal' && row.licenseType.name === 'Enterprise'
    )
    assert.deepEqual(terminal.missingDrivers, ['Users'])
    assert.isTrue(rows.some((row: any) => row.benchmarks > 0 && row.teams > 0))
  })

  test('saves one regression with an audit entry and rejects inverted bounds', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const terminal = await terminalRegression()
    const regression = await db.from('regressions').where('id', terminal.id).first()
    const drivers = await db
      .from('drivers')
      .whereIn('provider_id', db.from('providers').where('provider_key', 'bloomberg').select('id'))
      .select('id')
    const payload = {
      product_id: regression.product_id,
      license_type_id: regression.license_type_id,
      intercept: 12345,
      coefficients: drivers.map((driver, index) => ({
        driver_id: driver.id,
        coefficient_value: 100 + index,
        min_driver_value: 1,
        max_driver_value: 500,
      })),
    }
    const saved = await client.post(BASE).loginAs(admin).withCsrfToken().json(payload)
    saved.assertStatus(200)
    const updated = await terminalRegression()
    assert.equal(Number(updated.intercept), 12345)
    const entry = await db.from('audit_logs').where('entity_type', 'regression').firstOrFail()
    assert.equal(entry.action, 'update')

    const before = await snapshot()
    const inverted = await client
      .post(BASE)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .json({
        ...payload,
        intercept: 1,
        coefficients: [{ ...payload.coefficients[0], min_driver_value: 10, max_driver_value: 2 }],
      })
    inverted.assertStatus(422)
    assert.equal(await snapshot(), before)
  })

  test('a partly invalid file imports nothing and names the rows; fixed, it imports whole', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const before = await snapshot()
    const bad = [
      HEADER,
      'Bloomberg Terminal,Enterprise,9000,Users,300,1,250',
      'Bloomberg Terminal,Enterprise,9000,Data tier,5000,,',
      'Bloomberg Terminal,Enterprise,9100,Data tier,5000,,',
      'Teleporter,Enterprise,1,Users,1,,',
      'B-PIPE,Gold,abc,Seats,x,5,1',
    ].join('\n')
    const refused = await client
      .post(`${BASE}/import`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('file', Buffer.from(bad), { filename: 'regressions.csv' })
    refused.assertStatus(422)
    const messages = refused.body().errors.map((error: any) => error.message)
    assert.deepEqual(messages, [
      '3 rows have problems; nothing was imported.',
      'Row 4: Intercept differs from row 2 for the same product and license type.',
      "Row 5: Product 'Teleporter' is not a product of this provider.",
      "Row 6: License type 'Gold' is not known; Driver 'Seats' is not a driver of this provider; Intercept must be a number; Coefficient must be a number; Min must not exceed Max.",
    ])
    assert.equal(await snapshot(), before)

    const fixed = [
      HEADER,
      'Bloomberg Terminal,Enterprise,9000,Users,300,1,250',
      'Bloomberg Terminal,Enterprise,9000,Data tier,5000,,',
      '"B-PIPE",Named user,4200.5,Users,120,,',
    ].join('\r\n')
    const imported = await client
      .post(`${BASE}/import`)
      .loginAs(admin)
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('file', Buffer.from(fixed), { filename: 'regressions.csv' })
    imported.assertStatus(200)
    const terminal = await terminalRegression()
    assert.equal(Number(terminal.intercept), 9000)
    const coefficients = await db
      .from('regression_coefficients')
      .where('regression_id', terminal.id)
      .select('coefficient_value', 'max_driver_value')
    assert.sameMembers(
      coefficients.map((row) => Number(row.coefficient_value)),
      [300, 5000]
    )
    const audit = await db.from('audit_logs').where('action', 'import').firstOrFail()
    assert.equal(audit.summary, 'Imported 2 regressions for Bloomberg')
  })

  test('refuses files that are not CSV or XLSX, and administrators without the permission', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const wrongType = await client
      .post(`${BASE}/import`)
      .loginAs(await mdAdmin())
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('file', Buffer.from('%PDF-1.4'), { filename: 'regressions.pdf' })
    wrongType.assertStatus(422)

    assert.equal(
      wrongType.body().errors[0].message,
      'File must be a .csv or .xlsx file: this one is empty, or its content is of another kind.'
    )
    const empty = await client
      .post(`${BASE}/import`)
      .loginAs(await mdAdmin())
      .withCsrfToken()
      .header('accept', 'application/json')
      .file('file', Buffer.from(''), { filename: 'regressions' })
    empty.assertStatus(422)
    assert.notInclude(empty.body().errors[0].message, 'undefined')

    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const page = await client.get(BASE).loginAs(servicesAdmin).withInertia()
    page.assertStatus(403)
    const save = await client.post(BASE).loginAs(servicesAdmin).withCsrfToken().json({})
    save.assertStatus(403)
  })
})

test.group('CSV reading', () => {
  test('reads quoted fields with separators, quotes and line breaks', ({ assert }) => {
    assert.deepEqual(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\n1,2,3,4\n'), [
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['1', '2', '3', '4'],
    ])
  })
})
