import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { makeCategory, makeReport, makeTag, markRead } from '#tests/helpers/insights_reports'
import { MODULES } from '#shared/modules'
import { REPORTS_PER_PAGE } from '#shared/insights_reports'
import { bumpReportsVersion } from '#services/insights/reports_cache'

async function world() {
  const team = await makeTeam({
    name: `Alpha ${Math.random()}`,
    modules: [MODULES.insightsReports, MODULES.rsaBudgets],
  })
  const other = await makeTeam({
    name: `Beta ${Math.random()}`,
    modules: [MODULES.insightsReports, MODULES.marketDataContracts],
  })
  const member = await makeUser({ teams: [team] })
  const outsider = await makeUser({ teams: [other] })
  const category = await makeCategory('Research Spend Trends')
  const reports = {
    everyone: await makeReport({ title: 'Everyone', categoryId: category }),
    rsa: await makeReport({
      title: 'RSA holders',
      categoryId: category,
      access: 'product_holders',
      module: MODULES.rsaBudgets,
    }),
    marketData: await makeReport({
      title: 'Market data holders',
      categoryId: category,
      access: 'product_holders',
      module: MODULES.marketDataContracts,
    }),
    own: await makeReport({
      title: 'Alpha only',
      categoryId: category,
      access: 'selected_teams',
      teamIds: [team.id],
      withFile: true,
    }),
    others: await makeReport({
      title: 'Beta only',
      categoryId: category,
      access: 'selected_teams',
      teamIds: [other.id],
      withFile: true,
    }),
    withdrawn: await makeReport({ title: 'Withdrawn', categoryId: category, status: 'withdrawn' }),
  }
  return { team, other, member, outsider, category, reports }
}

const titles = (body: any) => body.props.reports.map((report: any) => report.title).sort()

test.group('Insights Reports: who sees what', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each team lists the reports of its access types, never another team’s private one', async ({
    client,
    assert,
  }) => {
    const { member, outsider } = await world()
    const mine = await client.get('/insights-reports').loginAs(member).withInertia()
    mine.assertStatus(200)
    mine.assertInertiaComponent('insights_reports/index')
    assert.deepEqual(titles(mine.body()), ['Alpha only', 'Everyone', 'RSA holders'])
    const theirs = await client.get('/insights-reports').loginAs(outsider).withInertia()
    assert.deepEqual(titles(theirs.body()), ['Beta only', 'Everyone', 'Market data holders'])
  })

  test('another team’s private report, a withdrawn one and an unknown id are 404 everywhere', async ({
    client,
  }) => {
    const { member, reports } = await world()
    for (const id of [reports.others, reports.withdrawn, reports.marketData, 987654]) {
      for (const path of ['', '/file', '/download']) {
        const response = await client.get(`/insights-reports/${id}${path}`).loginAs(member)
        response.assertStatus(404)
      }
    }
    const reads = await db.from('insights_report_reads').where('user_id', member.id)
    const downloads = await db.from('insights_report_downloads').where('user_id', member.id)
    if (reads.length + downloads.length > 0) throw new Error('a refused request recorded a read')
  })

  test('a team without the module is refused the pages and counts no unread report', async ({
    client,
  }) => {
    const { reports } = await world()
    const bare = await makeTeam({ modules: [MODULES.rsaBudgets] })
    const user = await makeUser({ teams: [bare] })
    const list = await client.get('/insights-reports').loginAs(user)
    list.assertStatus(403)
    const one = await client.get(`/insights-reports/${reports.everyone}`).loginAs(user)
    one.assertStatus(403)
    const badge = await client.get('/api/insights-reports/unread').loginAs(user)
    badge.assertBody({ unreadReports: 0 })
  })

  test('signed-out visitors are sent to sign in', async ({ client }) => {
    const { reports } = await world()
    const response = await client.get(`/insights-reports/${reports.everyone}`).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })
})

test.group('Insights Reports: the list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('filters by category, tag, year and title; names the filters it does not know', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const user = await makeUser({ teams: [team] })
    const pricing = await makeCategory('Market Data Pricing')
    const method = await makeCategory('Methodology')
    const equities = await makeTag('Equities')
    const uk = await makeTag('UK')
    await makeReport({
      title: 'Index pricing 2025',
      categoryId: pricing,
      tagIds: [equities],
      publishedAt: DateTime.utc(2025, 3, 4),
    })
    await makeReport({
      title: 'Benchmark method 2025',
      categoryId: method,
      tagIds: [uk],
      publishedAt: DateTime.utc(2025, 6, 1),
    })
    await makeReport({
      title: 'Index pricing 2026',
      categoryId: pricing,
      tagIds: [equities, uk],
      publishedAt: DateTime.utc(2026, 2, 1),
    })
    const list = async (query: string) => {
      const response = await client.get(`/insights-reports?${query}`).loginAs(user).withInertia()
      return response.body()
    }

    assert.deepEqual(titles(await list(`category=${pricing}`)), [
      'Index pricing 2025',
      'Index pricing 2026',
    ])
    assert.deepEqual(titles(await list(`tag=${uk}`)), [
      'Benchmark method 2025',
      'Index pricing 2026',
    ])
    assert.deepEqual(titles(await list('year=2025')), [
      'Benchmark method 2025',
      'Index pricing 2025',
    ])
    assert.deepEqual(titles(await list('q=PRICING%202026')), ['Index pricing 2026'])
    assert.deepEqual(titles(await list('q=50%25')), [])

    const all = await list('')
    assert.deepEqual(
      all.props.reports.map((report: any) => report.title),
      ['Index pricing 2026', 'Benchmark method 2025', 'Index pricing 2025']
    )
    assert.deepEqual(all.props.options.years, [2026, 2025])
    assert.deepEqual(
      all.props.options.categories.map((option: any) => option.name),
      ['Market Data Pricing', 'Methodology']
    )
    assert.deepEqual(
      all.props.options.tags.map((option: any) => option.name),
      ['Equities', 'UK']
    )
    const card = all.props.reports[0]
    assert.equal(card.insightsCategory, 'Market Data Pricing')
    assert.equal(card.insightsTag, 'Equities, UK')
    assert.isFalse(card.isPrivate)
    assert.isFalse(card.userHasRead)

    // The filters that parse still apply; the others are named and left out.
    const bad = await list(`category=abc&year=1800&tag=${equities}`)
    assert.deepEqual(bad.props.ignoredFilters, ['category', 'year'])
    assert.deepEqual(titles(bad), ['Index pricing 2025', 'Index pricing 2026'])
    // Well formed, but nothing the team has: left out and named too.
    const stale = await list(`category=987654&year=2024&tag=${uk}`)
    assert.deepEqual(stale.props.ignoredFilters, ['category', 'year'])
    assert.deepEqual(stale.props.filters.categoryId, null)
    assert.deepEqual(titles(stale), ['Benchmark method 2025', 'Index pricing 2026'])
  })

  test('pages through the reports, newest first, and a page past the end shows the last', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({ modules: [MODULES.insightsReports] })
    const user = await makeUser({ teams: [team] })
    const category = await makeCategory('Regulation')
    for (let index = 0; index < REPORTS_PER_PAGE + 2; index++) {
      await makeReport({
        title: `Report ${String(index).padStart(2, '0')}`,
        categoryId: category,
        publishedAt: DateTime.utc(2026, 1, 1).plus({ days: index }),
      })
    }
    const second = await client.get('/insights-reports?page=2').loginAs(user).withInertia()
    assert.deepEqual(
      second.body().props.reports.map((report: any) => report.title),
      ['Report 01', 'Report 00']
    )
    assert.deepEqual(second.body().props.pagination, {
      page: 2,
      perPage: REPORTS_PER_PAGE,
      total: REPORTS_PER_PAGE + 2,
      lastPage: 2,
    })
    const past = await client.get('/insights-reports?page=9').loginAs(user).withInertia()
    past.assertStatus(200)
    assert.equal(past.body().props.pageNotice, 'There is no page 9: showing the last page, 2.')
    assert.deepEqual(past.body().props.reports, second.body().props.reports)
    assert.equal(past.body().props.pagination.page, 2)
    const zero = await client.get('/insights-reports?page=0').loginAs(user).withInertia()
    assert.equal(zero.body().props.pageNotice, 'There is no page 0: showing the first page.')
    assert.equal(zero.body().props.pagination.page, 1)
  })
})

test.group('Insights Reports: reading', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('opening a report marks it read once, counts each visit, and the badge falls', async ({
    client,
    assert,
  }) => {
    const { member, reports, team } = await world()
    const before = await client.get('/api/insights-reports/unread').loginAs(member)
    before.assertBody({ unreadReports: 3 })

    const page = await client.get(`/insights-reports/${reports.own}`).loginAs(member).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('insights_reports/show')
    const props = page.body().props
    assert.equal(props.unreadCount, 2)
    assert.equal(props.report.title, 'Alpha only')
    assert.isTrue(props.report.userHasRead)
    assert.isTrue(props.report.isPrivate)
    assert.equal(props.report.fileUrl, `/insights-reports/${reports.own}/file`)
    assert.deepEqual(props.related.map((report: any) => report.title).sort(), [
      'Everyone',
      'RSA holders',
    ])

    await client.get(`/insights-reports/${reports.own}`).loginAs(member).withInertia()
    const [read] = await db
      .from('insights_report_reads')
      .where({ user_id: member.id, insights_report_id: reports.own })
    assert.equal(Number(read.read_count), 2)

    const after = await client.get('/api/insights-reports/unread').loginAs(member)
    after.assertBody({ unreadReports: 2 })
    const list = await client.get('/insights-reports').loginAs(member).withInertia()
    const card = list.body().props.reports.find((report: any) => report.id === reports.own)
    assert.isFalse(card.unread)
    assert.equal(list.body().props.unreadCount, 2)

    // The report and its related ones are kept for the team; each reader's marks are their own.
    const colleague = await makeUser({ teams: [team] })
    await markRead(reports.everyone, colleague.id)
    const relatedFor = async (user: typeof member) => {
      const view = await client.get(`/insights-reports/${reports.own}`).loginAs(user).withInertia()
      return Object.fromEntries(
        view.body().props.related.map((report: any) => [report.title, report.userHasRead])
      )
    }
    assert.deepEqual(await relatedFor(member), { 'Everyone': false, 'RSA holders': false })
    assert.deepEqual(await relatedFor(colleague), { 'Everyone': true, 'RSA holders': false })
    // Withdrawn by an administrator (every administration write replaces the reports version):
    // a 404 at once.
    await db.from('insights_reports').where('id', reports.own).update({ status: 'withdrawn' })
    await bumpReportsVersion()
    const withdrawn = await client.get(`/insights-reports/${reports.own}`).loginAs(member)
    withdrawn.assertStatus(404)
  })

  test('the PDF is served inline to the entitled team only, not cached, framed by this site', async ({
    client,
    assert,
  }) => {
    const { member, reports } = await world()
    const response = await client.get(`/insights-reports/${reports.own}/file`).loginAs(member)
    response.assertStatus(200)
    response.assertHeader('content-type', 'application/pdf')
    assert.match(
      response.header('content-disposition') ?? '',
      /^inline; filename="alpha-only\.pdf"/
    )
    assert.include(response.header('cache-control'), 'no-store')
    assert.equal(response.header('x-frame-options'), 'SAMEORIGIN')
    assert.include(response.header('content-security-policy'), "frame-ancestors 'self'")
  })

  test('a download is an attachment, logged with the version and team', async ({
    client,
    assert,
  }) => {
    const { member, team, reports } = await world()
    const response = await client.get(`/insights-reports/${reports.own}/download`).loginAs(member)
    response.assertStatus(200)
    assert.match(response.header('content-disposition') ?? '', /^attachment; /)
    // A HEAD request downloads nothing and is not logged.
    const probe = await client.head(`/insights-reports/${reports.own}/download`).loginAs(member)
    probe.assertStatus(200)
    const logged = await db.from('insights_report_downloads').where('user_id', member.id)
    assert.lengthOf(logged, 1)
    assert.equal(Number(logged[0].insights_report_id), reports.own)
    assert.equal(Number(logged[0].team_id), team.id)
    assert.equal(Number(logged[0].version), 1)
  })

  test('a report without a stored file answers 404 for its PDF', async ({ client }) => {
    const { member, reports } = await world()
    const response = await client.get(`/insights-reports/${reports.everyone}/file`).loginAs(member)
    response.assertStatus(404)
  })

  test('reads of another user do not mark the report read for this one', async ({
    client,
    assert,
  }) => {
    const { member, reports, team } = await world()
    const colleague = await makeUser({ teams: [team] })
    await markRead(reports.everyone, colleague.id)
    const list = await client.get('/insights-reports').loginAs(member).withInertia()
    const card = list.body().props.reports.find((report: any) => report.id === reports.everyone)
    assert.isTrue(card.unread)
  })
})
