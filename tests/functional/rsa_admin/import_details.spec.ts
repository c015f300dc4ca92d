import { test } from '@japa/runner'
import { writeFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import { makeUser } from '#tests/helpers/accounts'
import { textPartLink } from '#tests/helpers/mails'
import { researchProvider, rsaBudget, rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import { insertReturningId } from '#services/db/insert'
import { contentDisposition } from '#services/http/stored_file'
import { previewImport, scratchPath, storeImportFile } from '#services/rsa/imports/imports'
import { collisionMessage } from '#services/rsa/admin/providers'
import {
  closestProvider,
  loadRsaReference,
  parseRsaWorkbook,
  rsaTemplateWorkbook,
} from '#services/rsa/data_collection'
import SendSubmissionStatusMailJob from '#jobs/send_submission_status_mail_job'
import SubmissionStatusMail from '#mails/submission_status_mail'

const BUDGET_HEADER =
  'budget_group,provider_key,service_type,price_type,access_type,contract_start,contract_end,budget_amount,currency'

async function budgetImport(teamId: number, rows: string[], name = 'budget.csv') {
  const path = await scratchPath('csv')
  await writeFile(path, [BUDGET_HEADER, ...rows].join('\n'))
  return storeImportFile({
    kind: 'budgets',
    teamId,
    year: 2024,
    userId: null,
    source: 'web',
    originalFileName: name,
    path,
  })
}

test.group('Imports and jobs: the smaller rules', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a budget line is one per budget group, provider and service', async ({ assert }) => {
    const { team } = await rsaTeam({ currency: 'GBP' })
    const provider = await researchProvider('Grouped Research', 'independent')
    const line = (budgetGroup: string) =>
      `${budgetGroup},${provider.key},written_research,fixed_fee,full,2024-01-01,2024-12-31,1000,GBP`
    const apartFile = await budgetImport(team.id, [line('Equities'), line('Credit')])
    const apart = await previewImport(apartFile.id)
    assert.equal(apart.status, 'previewed')
    assert.equal(apart.new_rows, 2)
    const twiceFile = await budgetImport(team.id, [line('Equities'), line('equities')])
    const twice = await previewImport(twiceFile.id)
    assert.equal(twice.status, 'refused')
    assert.include(twice.report!, 'budget_group, provider and service_type')
  })

  test('a contract outside the fiscal year is refused for that year’s budget', async ({
    assert,
  }) => {
    const { team } = await rsaTeam({ currency: 'GBP' })
    const provider = await researchProvider('Old Contract Research', 'independent')
    const imp = await budgetImport(team.id, [
      `,${provider.key},written_research,fixed_fee,full,2010-01-01,2011-12-31,1000,GBP`,
    ])
    const checked = await previewImport(imp.id)
    assert.equal(checked.status, 'refused')
    assert.include(
      checked.report!,
      'contract_end 2011-12-31 is before fiscal year 2024: a line of the 2024 budget needs a contract running in 2024.'
    )
  })

  test('a file name keeps no path, stored or downloaded', async ({ assert }) => {
    const { team } = await rsaTeam({ currency: 'GBP' })
    const provider = await researchProvider('Path Research', 'independent')
    const imp = await budgetImport(
      team.id,
      [`,${provider.key},written_research,fixed_fee,full,2024-01-01,2024-12-31,1000,GBP`],
      'C:\\Users\\ana\\Budgets\\budget 2024.csv'
    )
    assert.equal(imp.original_file_name, 'budget 2024.csv')
    assert.equal(
      contentDisposition('attachment', '/home/ana/exports/budget.csv'),
      `attachment; filename="budget.csv"; filename*=UTF-8''budget.csv`
    )
  })

  test('the submission status mail links to APP_URL', async ({ assert }) => {
    const { mails } = mail.fake()
    const { team } = await rsaTeam()
    const member = await rsaMember(team)
    const collection = await makeCollection(team.id)
    const submission = await makeSubmission(team.id, collection, {
      status: 'processing',
      userId: member.id,
    })
    const changeId = await insertReturningId(db.connection(), 'data_collection_status_changes', {
      submission_id: submission,
      from_status: 'submitted',
      to_status: 'processing',
      message: null,
      created_at: '2024-05-01 10:00:00',
    })
    await SendSubmissionStatusMailJob.dispatch({ statusChangeId: changeId }).run()
    const sent = mails.sent((message) => message instanceof SubmissionStatusMail)
    assert.lengthOf(sent, 1)
    const link = textPartLink(sent[0])
    assert.isTrue(
      link.startsWith(`${env.get('APP_URL').replace(/\/+$/, '')}/`),
      `${link} does not start with ${env.get('APP_URL')}`
    )
    mail.restore()
  })

  test('the overview names import states and recompute causes in words', async ({
    client,
    assert,
  }) => {
    const { team } = await rsaTeam({ currency: 'GBP' })
    const provider = await researchProvider('Overview Research', 'independent')
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    const imp = await budgetImport(team.id, [
      `,${provider.key},written_research,fixed_fee,full,2024-01-01,2024-12-31,1000,GBP`,
    ])
    await db.from('rsa_imports').where('id', imp.id).update({ status: 'previewing' })
    const response = await client
      .get('/admin/research-spend-analytics')
      .loginAs(admin)
      .withInertia()
    response.assertStatus(200)
    const row = response.body().props.imports.find((entry: any) => entry.id === imp.id)
    assert.equal(row.statusLabel, 'Checking')
    assert.equal(row.kindLabel, 'Budgets')
  })

  test('a blank contracted price reads n/a on the budgets page, not 0', async ({
    client,
    assert,
  }) => {
    const { team, currencyId: currency } = await rsaTeam({ currency: 'GBP' })
    const member = await rsaMember(team)
    const priced = await researchProvider('Priced Research', 'independent')
    const unpriced = await researchProvider('Unpriced Research', 'independent')
    await rsaBudget(team, currency, [
      { provider: priced, price: 5000 },
      { provider: unpriced, price: null, budget: 2000 },
    ])
    const response = await client.get('/rsa/budgets?year=2024').loginAs(member).withInertia()
    response.assertStatus(200)
    const rows = response.body().props.page.rows as any[]
    const row = (name: string) => rows.find((entry) => entry.provider === name)
    assert.isTrue(row('Priced Research').priceGiven)
    assert.isFalse(row('Unpriced Research').priceGiven)
    assert.isFalse(row('Unpriced Research').lines[0].priceGiven)
  })

  test('a refused merge says what an administrator can do on the import pages', ({ assert }) => {
    const message = collisionMessage(
      { name: 'Atlas Global Markets', provider_key: 'atlas' },
      { name: 'Atlas Markets' },
      { lines: ['budget line Northbridge 2024 · Written research'], stats: [] }
    )
    assert.include(message, 'on Budget upload (the team and year listed) revert the import')
    assert.include(message, "under 'atlas'")
    assert.notInclude(message, 'Remove or move')
  })

  test('the research spend template as downloaded says which rows to fill', async ({ assert }) => {
    const { team } = await rsaTeam({ currency: 'GBP', activeAum: 500_000_000 })
    const template = await rsaTemplateWorkbook(
      { id: team.id, name: team.name },
      { name: 'Research spend 2025', dueDate: null, year: 2025 }
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(template as unknown as ArrayBuffer)
    const { report } = parseRsaWorkbook(workbook, await loadRsaReference())
    const text = JSON.stringify(report.problems())
    assert.include(text, 'Fill in the AUM rows')
    assert.match(text, /AUM – equity \(row \d+\)/)
  })

  test('no provider is suggested for a name that shares nothing with it', async ({ assert }) => {
    await researchProvider('Oberhaus Equities', 'independent')
    const reference = await loadRsaReference()
    assert.isNull(closestProvider(reference, 'Nobody Ltd'))
    assert.equal(closestProvider(reference, 'Oberhaus Equitis'), 'Oberhaus Equities')
  })
})
