import { researchProvider } from '#tests/helpers/rsa'
import { entitle, researchDocument, researchTheme, themeGroup } from '#tests/helpers/research'
import {
  makeRequest,
  requestingTeam,
  researchAdministrator,
} from '#tests/helpers/research_requests'
import { type Probe, queryBudgetGroup, rowsAt } from '#tests/helpers/query_budget'

/**
 * Research requests administration: the queue and a request's page (with its document search),
 * measured with a few requests of two teams, then with many more requests of more teams and
 * more documents matching the search.
 *
 * Budgets are the measured counts per request on a warm request context cache, middleware
 * included. No page may exceed 10.
 */
const BUDGETS: Record<string, number> = {
  // The count, the page (teams, requester and assignee joined), the requesting teams, the
  // administrators who may be assigned: 4 whatever the number of requests.
  'researchRequestsAdmin': 4,
  // The request, its linked documents and history, the documents the team may read matching
  // the search, the administrators who may be assigned: 5 (6 when the request names themes).
  'researchRequestsAdmin.show': 5,
}

async function world() {
  const administrator = await researchAdministrator()
  const group = await themeGroup('Macro')
  const theme = await researchTheme('Tariffs', group)
  const provider = await researchProvider('Alder Research', 'independent')
  const first = await requestingTeam('Ash Capital')
  await entitle(first.team, provider)
  let made = 0
  async function addRequests(count: number) {
    const { team, member } = made === 0 ? first : await requestingTeam(`Team ${made}`)
    for (let index = 0; index < count; index++) {
      made++
      await makeRequest({
        team,
        user: member,
        neededBy: `2026-12-${String((made % 27) + 1).padStart(2, '0')}`,
        createdAt: '2026-11-20T09:00:00Z',
        assigneeId: index % 2 ? administrator.id : null,
      })
    }
  }
  async function addDocuments(count: number) {
    for (let index = 0; index < count; index++) {
      await researchDocument({
        provider,
        title: `Tariffs note ${index}`,
        publishedAt: '2026-11-10T09:00:00Z',
        themes: [theme],
      })
    }
  }
  const request = await makeRequest({
    team: first.team,
    user: first.member,
    status: 'in_progress',
    neededBy: '2026-12-20',
    createdAt: '2026-11-20T09:00:00Z',
    assigneeId: administrator.id,
  })
  await addRequests(3)
  await addDocuments(2)

  const probes: Probe[] = [
    {
      as: administrator,
      stack: 'admin',
      route: 'researchRequestsAdmin',
      url: '/admin/research-discovery/requests?status=all',
      component: 'admin/research/requests',
      rows: rowsAt('requests'),
    },
    {
      as: administrator,
      stack: 'admin',
      route: 'researchRequestsAdmin.show',
      url: `/admin/research-discovery/requests/${request}?q=tariffs`,
      component: 'admin/research/request',
      rows: rowsAt('search.results'),
    },
  ]
  return {
    probes,
    grow: async () => {
      await addRequests(12)
      await addRequests(6)
      await addDocuments(6)
    },
  }
}

queryBudgetGroup('research requests administration', {
  area: 'admin_research_requests',
  budgets: BUDGETS,
  world,
})
