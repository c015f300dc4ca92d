import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import Feedback from '#models/feedback'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

/** A name that ends the page's JSON script element early if `<!--` reaches the HTML raw. */
const HOSTILE = 'Eve <!--<script>x</script> & \u2028 end'

test.group('Pages with user-supplied markup in names and feedback', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the users list, team profile, security log and feedback pages render the text as text', async ({
    visit,
    browserContext,
  }) => {
    const team = await makeTeam()
    const eve = await makeUser({ teams: [team] })
    eve.name = HOSTILE
    await eve.save()
    await Feedback.create({ userId: eve.id, teamId: team.id, rating: 2, feedbackText: HOSTILE })
    await db.table('security_events').insert({
      user_id: eve.id,
      event: 'sign_in',
      ip: '203.0.113.9',
      details: JSON.stringify({ note: HOSTILE }),
      created_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    await browserContext.loginAs(admin)

    const pages = [
      { url: '/admin/account-management/users', heading: 'Account Management' },
      { url: `/admin/account-management/teams/${team.id}`, heading: team.name },
      { url: '/admin/account-management/security-log', heading: 'Account Management' },
      { url: '/admin/feedback', heading: 'User Feedback' },
    ]
    for (const { url, heading } of pages) {
      const page = await visit(url)
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await page.getByText('Eve <!--<script>x</script> &').first().waitFor()
      await page.close()
    }
  })

  test('the user’s own settings page renders with such a name', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const eve = await makeUser({ teams: [await makeTeam()] })
    eve.name = HOSTILE
    await eve.save()
    await browserContext.loginAs(eve)
    const page = await visit('/user/profile')
    const name = page.getByRole('textbox', { name: 'Name', exact: true })
    await name.waitFor()
    assert.equal(await name.inputValue(), HOSTILE)
  })
})
