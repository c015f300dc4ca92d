import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { budgetsWorld } from '#tests/helpers/rsa'

type Any = any

/** Absurd years, currencies and criteria, hostile text: a clear answer, nothing written. */
test.group('RSA › hostile input', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('absurd year and currency fall back to the latest year and the team currency', async ({
    client,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    for (const query of [
      '?year=1e400&currency=1e400',
      '?year=-2024&currency=-1',
      '?year=2024.5&currency=abc',
      '?year=%3C!--%3Cscript%3E&currency=NaN',
    ]) {
      for (const path of ['/rsa/budgets', '/rsa/rate-card', '/rsa/outliers', '/rsa/peer-group']) {
        const response = await client.get(`${path}${query}`).loginAs(member).withInertia()
        response.assertStatus(200)
        const page = (response.inertiaProps as Any).page
        assert.equal(page.year, 2024, `${path}${query}`)
        assert.equal(page.currency.code, 'GBP', `${path}${query}`)
      }
    }
  })

  test('unknown peer criteria and export options are refused with a message', async ({
    client,
  }) => {
    const { member } = await budgetsWorld()
    const criteria = await client
      .get('/rsa/peer-group?tiers[]=<script>&firmTypes[]=' + 'x'.repeat(5000))
      .loginAs(member)
      .header('accept', 'application/json')
    criteria.assertStatus(422)
    const exported = await client
      .get('/rsa/budgets/export?format=csv&q=' + 'x'.repeat(5000))
      .loginAs(member)
      .header('accept', 'application/json')
    exported.assertStatus(422)
  })

  test('a hostile note is stored as text and shown escaped; an over-long one writes nothing', async ({
    client,
    assert,
  }) => {
    const { member } = await budgetsWorld()
    const page = await client.get('/rsa/outliers').loginAs(member).withInertia()
    const finding = (page.inertiaProps as Any).page.findings[0]
    const hostile = '<!--<script>alert(1)</script>'
    const stored = await client
      .post('/rsa/outliers/acknowledge')
      .loginAs(member)
      .withCsrfToken()
      .json({ year: 2024, rule: finding.rule, subject: finding.subject, note: hostile })
      .redirects(0)
    assert.oneOf(stored.status(), [200, 302, 303])
    const html = await client.get('/rsa/outliers').loginAs(member)
    assert.notInclude(html.text(), '<script>alert(1)</script>')
    const row = await db
      .from('rsa_outlier_acknowledgements')
      .where('team_id', member.currentTeamId!)
      .first()
    assert.equal(row.note, hostile)

    const before = await db.from('rsa_outlier_acknowledgements').count('* as total')
    const long = await client
      .post('/rsa/outliers/acknowledge')
      .loginAs(member)
      .withCsrfToken()
      .header('accept', 'application/json')
      .json({ year: 2024, rule: finding.rule, subject: finding.subject, note: 'x'.repeat(5000) })
    long.assertStatus(422)
    const after = await db.from('rsa_outlier_acknowledgements').count('* as total')
    assert.deepEqual(after, before)
  })

  test('a lost session: pages send to sign-in, calls and writes answer 401', async ({ client }) => {
    await budgetsWorld()
    const page = await client.get('/rsa/outliers').redirects(0)
    page.assertStatus(302)
    const write = await client
      .post('/rsa/outliers/acknowledge')
      .withCsrfToken()
      .header('accept', 'application/json')
      .json({ year: 2024, rule: 'budget_overrun', subject: 'budget', note: 'A note.' })
    write.assertStatus(401)
  })
})
