import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { makeCategory, makeReport, makeTag, markRead } from '#tests/helpers/insights_reports'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'
import { MODULES } from '#shared/modules'

/**
 * Insights Reports for clients: the list, one report, its PDF inline and as a download, as a
 * member of a team holding the module. Measured with four reports (each access type, tags,
 * reads), then with thirty more, more tags and reads and another team's private reports.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included (none of its own in tests, where sessions live in memory). No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  // The count, the page, its tags, the categories and years (one grouped query), the tags in
  // use, the unread count.
  'insightsReports': 6,
  // The report, its tags, related reports and their tags (kept for the team under the reports
  // version afterwards), the read (one upsert), the user's reads of the related, the unread count.
  'singleInsightsReport': 7,
  // The report, then (the file fetched on its own, not as the viewer's frame: a download) the
  // download log and the read.
  'insightsReports.file': 3,
  // The report, the download log, the read.
  'insightsReports.download': 3,
}

async function insightsWorld() {
  const team = await makeTeam({ modules: [MODULES.insightsReports, MODULES.rsaBudgets] })
  const other = await makeTeam({ modules: [MODULES.insightsReports] })
  const member = await makeUser({ teams: [team] })
  const category = await makeCategory('Research Spend Trends')
  const tag = await makeTag('Equities')
  const opened = await makeReport({
    title: 'Opened',
    categoryId: category,
    tagIds: [tag],
    access: 'selected_teams',
    teamIds: [team.id],
    withFile: true,
  })
  await makeReport({ categoryId: category, tagIds: [tag] })
  await makeReport({ categoryId: category, access: 'product_holders', module: MODULES.rsaBudgets })
  const read = await makeReport({ categoryId: category })
  await markRead(read, member.id)

  async function grow() {
    const more = await makeCategory('Market Data Pricing')
    const tags = [await makeTag('UK'), await makeTag('US'), await makeTag('Fixed Income')]
    for (let index = 0; index < 30; index++) {
      const id = await makeReport({
        categoryId: index % 2 ? category : more,
        tagIds: [tag, tags[index % tags.length]],
        access: index % 5 === 0 ? 'selected_teams' : 'all_clients',
        teamIds: index % 5 === 0 ? [index % 10 === 0 ? team.id : other.id] : [],
      })
      if (index % 3 === 0) await markRead(id, member.id)
    }
  }

  const page = { as: member, stack: 'team' as const }
  const probes: Probe[] = [
    {
      ...page,
      route: 'insightsReports',
      url: '/insights-reports',
      component: 'insights_reports/index',
      rows: rowsAt('reports'),
    },
    {
      ...page,
      route: 'singleInsightsReport',
      url: `/insights-reports/${opened}`,
      component: 'insights_reports/show',
      rows: rowsAt('related'),
      // Opening a report records the read.
      writes: 1,
    },
    {
      ...page,
      route: 'insightsReports.file',
      url: `/insights-reports/${opened}/file`,
      // Not the viewer's frame: the download log and the read.
      writes: 2,
    },
    {
      ...page,
      route: 'insightsReports.download',
      url: `/insights-reports/${opened}/download`,
      // The download log and the read.
      writes: 2,
    },
  ]
  return { probes, grow }
}

queryBudgetGroup('insights reports', {
  area: 'insights_reports',
  budgets: BUDGETS,
  world: insightsWorld,
})
