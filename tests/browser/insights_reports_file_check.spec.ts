import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { fileURLToPath } from 'node:url'
import { makeUser } from '#tests/helpers/accounts'
import { makeCategory } from '#tests/helpers/insights_reports'

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/pdf/${name}.pdf`, import.meta.url))

test.group('Insights Reports wizard: the file is checked at step 1', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(120_000)

  test('a PDF with a launch action hidden in an object stream is refused before the details are asked for', async ({
    assert,
    browserContext,
    visit,
  }) => {
    await makeCategory('Research Spend Trends')
    await browserContext.loginAs(
      await makeUser({ isAdministrator: true, roles: ['Client services'] })
    )
    const page = await visit('/admin/insights-reports/new')
    const heading = page.locator('#wizard-step-heading')

    await page
      .getByLabel('Report PDF (required)')
      .setInputFiles(fixture('launch_open_action_objstm'))
    await page
      .getByText('(Launch) in the action run when it opens, which a report may not carry')
      .waitFor()
    await page.getByRole('button', { name: 'Next: Filename' }).click()
    assert.include(await heading.textContent(), 'Step 1 of 6')
    assert.equal(
      await page.getByLabel('Report PDF (required)').getAttribute('aria-invalid'),
      'true'
    )

    await page.getByLabel('Report PDF (required)').setInputFiles(fixture('owner_password_no_print'))
    await page.getByText('The PDF is protected').waitFor()

    await page.getByLabel('Report PDF (required)').setInputFiles(fixture('clean'))
    await page.getByText('Checked: one page').waitFor()
    await page.getByRole('button', { name: 'Next: Filename' }).click()
    await heading.getByText('Title, summary and file name').waitFor()
  })
})
