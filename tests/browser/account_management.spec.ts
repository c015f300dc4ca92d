import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { inviteToTeam } from '#services/accounts/invitations'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

test.group('Account management: team profile layout', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('at 1280 px the members and invitations tables fit their cards with every action in view', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const team = await makeTeam({ name: 'Layout Capital Partners' })
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    for (const name of ['Alexandra Montgomery-Fitzwilliam', 'Bo']) {
      const member = await makeUser({
        teams: [team],
        email: `${name.toLowerCase().replace(/[^a-z]/g, '.')}.research-operations@long-firm-name.example`,
      })
      member.name = name
      await member.save()
    }
    await inviteToTeam(
      team,
      { email: 'maximilian.vanderbilt-harrington.research@long-firm-name.example', role: 'member' },
      admin
    )
    await inviteToTeam(team, { email: 'cy@firm.example', role: 'manager' }, admin)
    await browserContext.loginAs(admin)

    const page = await visit(`/admin/account-management/teams/${team.id}`)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('heading', { name: 'Layout Capital Partners', level: 1 }).waitFor()

    for (const label of ['Members', 'Invitations']) {
      const sizes = await page.getByRole('table', { name: label }).evaluate((table) => {
        const card = table.closest('section')!
        return { table: table.scrollWidth, card: card.clientWidth, inner: card.scrollWidth }
      })
      assert.isAtMost(sizes.table, sizes.card, `${label} table wider than its card`)
      assert.isAtMost(sizes.inner, sizes.card, `${label} card scrolls sideways`)
    }
    const buttons = [
      ...(await page.getByRole('button', { name: /^Remove / }).all()),
      ...(await page.getByRole('button', { name: /^(Revoke|Resend) the invitation/ }).all()),
    ]
    assert.lengthOf(buttons, 6)
    for (const button of buttons) {
      const box = (await button.boundingBox())!
      assert.isAtLeast(box.x, 0)
      assert.isAtMost(box.x + box.width, 1280, `${await button.textContent()} outside the viewport`)
    }
  })
})

test.group('Account management: own administrator access', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('removing one’s own administrator access asks for confirmation in a dialog first', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Client services'] })
    await makeUser({ isAdministrator: true, roles: ['Client services'] })
    await browserContext.loginAs(admin)
    await browserContext.setSession({ password_confirmed_at: Date.now() })
    const page = await visit(`/admin/account-management/users/${admin.id}`)
    const form = page.getByRole('form', { name: 'Administrator roles' })
    await form.getByRole('checkbox', { name: 'Administrator', exact: true }).uncheck()
    await form.getByRole('button', { name: 'Save access' }).click()

    const dialog = page.getByRole('dialog', { name: 'Remove your own administrator access?' })
    await dialog.waitFor()
    assert.isTrue(await dialog.evaluate((element) => element.contains(document.activeElement)))
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    const kept = await db.from('users').where('id', admin.id).first()
    assert.isTrue(Boolean(kept.is_administrator))

    await form.getByRole('button', { name: 'Save access' }).click()
    await dialog.getByRole('button', { name: 'Remove my access' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    const removed = await db.from('users').where('id', admin.id).first()
    assert.isFalse(Boolean(removed.is_administrator))
  })
})
