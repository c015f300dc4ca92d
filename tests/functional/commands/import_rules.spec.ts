import { test } from '@japa/runner'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { researchProvider, rsaTeam } from '#tests/helpers/rsa'
import { offeredYears } from '#services/calendar/years'
import ImportBudgets from '#commands/import_budgets'

/*
 * The import commands obey the upload wizard's rules and say who ran them.
 */

const HEADER =
  'team_id,fiscal_year,provider_key,service_type,price_type,access_type,budget_amount,currency'

function budgetFile(providerKey: string) {
  const path = join(mkdtempSync(join(tmpdir(), 'spendlens-rules-')), 'budget.csv')
  writeFileSync(path, `${HEADER}\n,,${providerKey},written_research,fixed_fee,full,90000,GBP\n`)
  return path
}

/** The stderr of the commands run in this test. */
function captureStderr() {
  const original = process.stderr.write.bind(process.stderr)
  let text = ''
  process.stderr.write = ((chunk: string | Uint8Array) => {
    text += String(chunk)
    return true
  }) as typeof process.stderr.write
  return { text: () => text, restore: () => (process.stderr.write = original) }
}

test.group('Import commands: the web rules and the operator', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('a team without Research Spend Analytics is refused, as in the wizard; nothing is written', async ({
    assert,
  }) => {
    const provider = await researchProvider('Rule Research', 'independent')
    const sakura = await makeTeam({ name: 'Sakura Asset Management' })
    const range = await offeredYears('research_spend', { ahead: true })
    const year = range.years.at(-1)!
    const stderr = captureStderr()
    try {
      const command = await ace.create(ImportBudgets, [
        budgetFile(provider.key),
        `--team=${sakura.id}`,
        `--year=${year}`,
      ])
      await command.exec()
      assert.equal(command.exitCode, 1)
    } finally {
      stderr.restore()
    }
    assert.match(
      stderr.text(),
      new RegExp(
        `Team ${sakura.id} \\(Sakura Asset Management\\) does not have Research Spend Analytics`
      )
    )
    const imports = await db.from('rsa_imports').where('team_id', sakura.id).count('* as n').first()
    assert.equal(Number(imports!.n), 0)
    const lines = await db
      .from('rsa_budget_lines')
      .where('team_id', sakura.id)
      .count('* as n')
      .first()
    assert.equal(Number(lines!.n), 0)
  })

  test('--as records the administrator who ran it; without it the system user is named', async ({
    assert,
  }) => {
    const provider = await researchProvider('Operator Research', 'independent')
    const { team } = await rsaTeam({ currency: 'GBP' })
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    const stderr = captureStderr()
    try {
      const named = await ace.create(ImportBudgets, [
        budgetFile(provider.key),
        `--team=${team.id}`,
        '--year=2024',
        `--as=${admin.email.toUpperCase()}`,
      ])
      await named.exec()
      named.assertSucceeded()
      const byAdmin = await db.from('rsa_imports').orderBy('id', 'desc').firstOrFail()
      assert.equal(byAdmin.user_id, admin.id)
      assert.equal(byAdmin.committed_by, admin.id)
      const audit = await db
        .from('audit_logs')
        .where({ entity_type: 'rsa_import', entity_id: byAdmin.id })
        .firstOrFail()
      assert.equal(audit.user_id, admin.id)

      const unnamed = await ace.create(ImportBudgets, [
        budgetFile(provider.key),
        `--team=${team.id}`,
        '--year=2024',
      ])
      await unnamed.exec()
      unnamed.assertSucceeded()
      const bySystem = await db.from('rsa_imports').orderBy('id', 'desc').firstOrFail()
      const operator = `system user ${userInfo().username} on ${hostname()}`
      assert.isNull(bySystem.user_id)
      assert.equal(bySystem.operator, operator)
      const systemAudit = await db
        .from('audit_logs')
        .where({ entity_type: 'rsa_import', entity_id: bySystem.id })
        .firstOrFail()
      assert.include(systemAudit.summary, `from the command line by ${operator}`)
      assert.include(stderr.text(), `run by ${operator}`)

      // A user who may not import research spend cannot be named.
      const member = await makeUser({})
      const refused = await ace.create(ImportBudgets, [
        budgetFile(provider.key),
        `--team=${team.id}`,
        '--year=2024',
        `--as=${member.email}`,
      ])
      await refused.exec()
      assert.equal(refused.exitCode, 1)
      assert.include(stderr.text(), 'is not an administrator of Research Spend Analytics')
    } finally {
      stderr.restore()
    }
  })

  test('--year=<next fiscal year> is read as given, not reported missing', async ({ assert }) => {
    const provider = await researchProvider('Next Year Research', 'independent')
    const { team } = await rsaTeam({ currency: 'GBP' })
    const range = await offeredYears('research_spend', { ahead: true })
    const next = range.years.at(-1)!
    const stderr = captureStderr()
    try {
      const command = await ace.create(ImportBudgets, [
        budgetFile(provider.key),
        `--team=${team.id}`,
        `--year=${next}`,
        '--dry-run',
      ])
      await command.exec()
      command.assertSucceeded()
    } finally {
      stderr.restore()
    }
    assert.notInclude(stderr.text(), '--year is required')
  })
})
