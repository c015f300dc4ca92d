import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { seedDemoUniverse } from '#database/demo/demo_universe'
import { makeUser } from '#tests/helpers/accounts'
import ExcelJS from 'exceljs'
import { UNIVERSE_SHEETS } from '#services/market_data/universe_import'
import HttpExceptionHandler, { SERVER_ERROR_MESSAGE } from '#exceptions/handler'

const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })
const SAVE = '/api/admin/market-data/provider/save-category'

async function tree(client: any, admin: any, providerKey = 'bloomberg') {
  const response = await client
    .get(`/api/admin/market-data/provider/categories/${providerKey}`)
    .loginAs(admin)
  response.assertStatus(200)
  return response.body()
}

const productCount = async () => {
  const row = await db.from('provider_products').count('* as total').firstOrFail()
  return Number(row.total)
}

test.group('Admin provider classification', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('reads the tree of categories, types, products and drivers', async ({ client, assert }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const body = await tree(client, await mdAdmin())
    assert.isAbove(body.categories.length, 0)
    assert.properties(body.categories[0], ['id', 'name', 'types'])
    assert.properties(body.categories[0].types[0], ['id', 'name', 'products'])
    assert.isAbove(body.drivers.length, 0)
    const optionDriver = body.drivers.find((driver: any) => !driver.is_numeric)
    assert.isAbove(optionDriver.driver_options.length, 0)
  })

  test('saves the whole tree: renames, additions and unused removals, audited', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const body = await tree(client, admin)
    body.categories[0].name = 'Desktop terminals'
    body.categories[0].types[0].products.push({ id: null, name: 'Bloomberg Vault' })
    body.categories.push({
      id: null,
      name: 'Research',
      types: [{ id: null, name: 'Reports', products: [{ id: null, name: 'BI Research' }] }],
    })
    body.drivers.push({
      id: null,
      name: 'Sites',
      is_numeric: false,
      unit: null,
      driver_options: [
        { id: null, label: 'Single', value: 1 },
        { id: null, label: 'Global', value: 3 },
      ],
    })
    const response = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...body } })
    response.assertStatus(200)
    const saved = response.body()
    assert.equal(saved.categories[0].name, 'Desktop terminals')
    assert.include(
      saved.categories[0].types[0].products.map((product: any) => product.name),
      'Bloomberg Vault'
    )
    assert.equal(saved.categories.at(-1).types[0].products[0].name, 'BI Research')
    const sites = saved.drivers.find((driver: any) => driver.name === 'Sites')
    assert.lengthOf(sites.driver_options, 2)

    // The new product is unused: removing it again is accepted.
    saved.categories[0].types[0].products = saved.categories[0].types[0].products.filter(
      (product: any) => product.name !== 'Bloomberg Vault'
    )
    const again = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...saved } })
    again.assertStatus(200)
    const audits = await db
      .from('audit_logs')
      .where('entity_type', 'provider_classification')
      .count('* as total')
      .firstOrFail()
    assert.equal(Number(audits.total), 2)
  })

  test('swaps two sibling names, and two option labels, in one save', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const body = await tree(client, admin)
    const type = body.categories
      .flatMap((category: any) => category.types)
      .find((entry: any) => entry.products.length >= 2)
    const [first, second] = type.products
    ;[first.name, second.name] = [second.name, first.name]
    const driver = body.drivers.find((entry: any) => entry.driver_options.length >= 2)
    const [a, b] = driver.driver_options
    ;[a.label, b.label] = [b.label, a.label]
    const response = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...body } })
    response.assertStatus(200)
    const [storedFirst, storedSecond, optionA, optionB] = await Promise.all([
      db.from('provider_products').where('id', first.id).firstOrFail(),
      db.from('provider_products').where('id', second.id).firstOrFail(),
      db.from('driver_options').where('id', a.id).firstOrFail(),
      db.from('driver_options').where('id', b.id).firstOrFail(),
    ])
    assert.equal(storedFirst.name, first.name)
    assert.equal(storedSecond.name, second.name)
    assert.equal(optionA.label, a.label)
    assert.equal(optionB.label, b.label)
  })

  test('one rule for the editor and the universe import: a used driver keeps its kind', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const body = await tree(client, admin)
    const index = body.drivers.findIndex((driver: any) => !driver.is_numeric)
    const driver = body.drivers[index]
    const used = await db.from('product_benchmark_drivers').where('driver_id', driver.id).first()
    assert.isNotNull(used)
    const message = `Driver '${driver.name}' is used by client data and stays a driver with options.`

    body.drivers[index] = { ...driver, is_numeric: true }
    const refused = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...body } })
    refused.assertStatus(422)
    assert.deepEqual(refused.body().errors, [
      { field: `drivers.${index}.is_numeric`, message, rule: 'classification' },
    ])
    const stored = await db.from('drivers').where('id', driver.id).firstOrFail()
    assert.isFalse(Boolean(stored.is_numeric))

    const book = new ExcelJS.Workbook()
    for (const name of Object.keys(UNIVERSE_SHEETS) as (keyof typeof UNIVERSE_SHEETS)[]) {
      book.addWorksheet(name).addRow([...UNIVERSE_SHEETS[name]])
    }
    book.getWorksheet('Drivers')!.addRow(['bloomberg', driver.name, 'yes', '', '', ''])
    const imported = await client
      .post('/api/admin/market-data/universe/import')
      .loginAs(admin)
      .withCsrfToken()
      .file('file', Buffer.from(await book.xlsx.writeBuffer()), { filename: 'universe.xlsx' })
      .field('dry_run', '0')
    imported.assertStatus(422)
    assert.equal(imported.body().errors[0].message, `bloomberg: ${message}`)

    // An unused driver may change kind, in the editor as in the import.
    body.drivers[index] = driver
    body.drivers.push({
      id: null,
      name: 'Regions',
      is_numeric: false,
      unit: null,
      driver_options: [{ id: null, label: 'One', value: 1 }],
    })
    const added = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...body } })
    added.assertStatus(200)
    const regions = added.body().drivers.find((entry: any) => entry.name === 'Regions')
    const switched = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({
        category: {
          provider_key: 'bloomberg',
          ...added.body(),
          drivers: added
            .body()
            .drivers.map((entry: any) =>
              entry.id === regions.id ? { ...entry, is_numeric: true, driver_options: [] } : entry
            ),
        },
      })
    switched.assertStatus(200)
    const stale = await db.from('drivers').where('id', regions.id).firstOrFail()
    assert.isTrue(Boolean(stale.is_numeric))
  })

  test('a server error answers a fixed sentence, never the SQL behind it', async ({ assert }) => {
    const ctx = await testUtils.createHttpContext()
    ctx.request.request.headers['x-requested-with'] = 'XMLHttpRequest'
    ctx.request.request.headers['accept'] = 'application/json'
    const error = new Error(
      'insert into "provider_products" ("name") values (\'x\') - SQLITE_CONSTRAINT: UNIQUE constraint failed'
    )
    await new HttpExceptionHandler().handle(error, ctx)
    assert.equal(ctx.response.getStatus(), 500)
    assert.deepEqual(ctx.response.getBody(), { message: SERVER_ERROR_MESSAGE })
  })

  test('rejects blank and duplicate sibling names and writes nothing', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const body = await tree(client, admin)
    const before = await productCount()

    const blank = structuredClone(body)
    blank.categories[0].types[0].products.push({ id: null, name: '   ' })
    blank.categories[0].name = ''
    const blankResponse = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...blank } })
    blankResponse.assertStatus(422)
    const blankMessages = blankResponse.body().errors.map((error: any) => error.message)
    assert.include(blankMessages, 'Category name is required.')
    assert.include(blankMessages, 'Product name is required.')

    const duplicate = structuredClone(body)
    const type = duplicate.categories[0].types[0]
    type.products.push({ id: null, name: ` ${type.products[0].name.toUpperCase()} ` })
    duplicate.categories.push({ id: null, name: duplicate.categories[0].name, types: [] })
    const duplicateResponse = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...duplicate } })
    duplicateResponse.assertStatus(422)
    const duplicateMessages = duplicateResponse.body().errors.map((error: any) => error.message)
    assert.include(
      duplicateMessages,
      `Product '${type.products[0].name.toUpperCase()}' appears more than once in ${type.name}.`
    )
    assert.include(
      duplicateMessages,
      `Category '${duplicate.categories[0].name}' appears more than once.`
    )
    // The same name under different parents is fine: siblings only.
    assert.equal(await productCount(), before)
  })

  test('refuses to remove a product client benchmarks use, and changes nothing', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const body = await tree(client, admin)
    const removed = body.categories[0].types[0].products.shift()
    body.categories[0].name = 'Renamed but not saved'
    const response = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...body } })
    response.assertStatus(422)
    assert.equal(
      response.body().errors[0].message,
      `Product '${removed.name}' is used by client data and cannot be removed.`
    )
    assert.isNotNull(await db.from('provider_products').where('id', removed.id).first())
    assert.isNull(
      await db.from('product_categories').where('name', 'Renamed but not saved').first()
    )
  })

  test("refuses another provider's ids", async ({ client }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const admin = await mdAdmin()
    const factset = await tree(client, admin, 'factset')
    const response = await client
      .post(SAVE)
      .loginAs(admin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', ...factset } })
    response.assertStatus(422)
  })

  test('refuses administrators without the permission', async ({ client }) => {
    const servicesAdmin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    const read = await client
      .get('/api/admin/market-data/provider/categories/bloomberg')
      .loginAs(servicesAdmin)
    read.assertStatus(403)
    const save = await client
      .post(SAVE)
      .loginAs(servicesAdmin)
      .withCsrfToken()
      .json({ category: { provider_key: 'bloomberg', categories: [], drivers: [] } })
    save.assertStatus(403)
    const page = await client
      .get('/admin/market-data/providers/bloomberg/classification')
      .loginAs(servicesAdmin)
      .withInertia()
    page.assertStatus(403)
  })
})

test.group('Admin market data audit trail', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists changes newest first, filtered by entity and administrator', async ({
    client,
    assert,
  }) => {
    await db.transaction((trx) => seedDemoUniverse(trx, { researchSpend: false }))
    const first = await mdAdmin()
    const second = await mdAdmin()
    for (const admin of [first, second]) {
      const body = await tree(client, admin)
      body.categories[0].name = `Desktop ${admin.id}`
      await client
        .post(SAVE)
        .loginAs(admin)
        .withCsrfToken()
        .json({ category: { provider_key: 'bloomberg', ...body } })
    }

    const all = await client.get('/admin/market-data/audit').loginAs(first).withInertia()
    all.assertInertiaComponent('admin/market_data/audit')
    const props = all.inertiaProps as any
    assert.lengthOf(props.entries, 2)
    assert.equal(props.entries[0].after.categories[0].name, `Desktop ${second.id}`)
    assert.equal(props.entries[0].before.categories[0].name, `Desktop ${first.id}`)
    assert.deepEqual(props.entityTypes, ['provider_classification'])

    const mine = await client
      .get(`/admin/market-data/audit?user=${first.id}&entity=provider_classification`)
      .loginAs(first)
      .withInertia()
    const filtered = (mine.inertiaProps as any).entries
    assert.lengthOf(filtered, 1)
    assert.include(filtered[0].user, first.email)

    const none = await client
      .get('/admin/market-data/audit?entity=product_benchmark')
      .loginAs(first)
      .withInertia()
    assert.lengthOf((none.inertiaProps as any).entries, 0)
  })
})
