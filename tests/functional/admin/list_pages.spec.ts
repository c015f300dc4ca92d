import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { MODULES } from '#shared/modules'

/**
 * Every paginated admin list follows one page rule: a page number in the address never sends
 * the administrator elsewhere. A number that is not a page shows the first page, a page past
 * the end the last one, each with a notice.
 */
const LISTS: { path: string; component: string; meta: (props: any) => any }[] = [
  { path: '/admin/account-management', component: 'admin/accounts/teams', meta: (p) => p.meta },
  {
    path: '/admin/account-management/users',
    component: 'admin/accounts/users',
    meta: (p) => p.meta,
  },
  {
    path: '/admin/account-management/security-log',
    component: 'admin/security_log',
    meta: (p) => p.meta,
  },
  { path: '/admin/feedback', component: 'admin/feedback', meta: (p) => p.feedback.meta },
  {
    path: '/admin/background-jobs',
    component: 'admin/background_jobs',
    meta: (p) => p.pagination,
  },
  {
    path: '/admin/research-spend-analytics/data-collection-submissions',
    component: 'admin/rsa/submissions',
    meta: (p) => p.pagination,
  },
  {
    path: '/admin/research-spend-analytics/providers',
    component: 'admin/rsa/providers',
    meta: (p) => p.meta,
  },
  {
    path: '/admin/research-spend-analytics/providers/audit',
    component: 'admin/market_data/audit',
    meta: (p) => p.meta,
  },
  { path: '/admin/providers', component: 'admin/providers/analysts', meta: (p) => p.meta },
  { path: '/admin/providers/moves', component: 'admin/providers/moves', meta: (p) => p.meta },
  {
    path: '/admin/providers/data-quality',
    component: 'admin/providers/data_quality',
    meta: (p) => p.meta,
  },
  { path: '/admin/providers/audit', component: 'admin/market_data/audit', meta: (p) => p.meta },
  { path: '/admin/market-data/audit', component: 'admin/market_data/audit', meta: (p) => p.meta },
  {
    path: '/admin/insights-reports',
    component: 'admin/insights_reports/index',
    meta: (p) => ({ ...p.pagination, currentPage: p.pagination.page }),
  },
]

test.group('Admin lists | page numbers in the address', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a page number that is not a page shows the first page of every admin list, saying so', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    for (const list of LISTS) {
      for (const asked of ['0', 'abc', '-3', '2.5']) {
        const response = await client
          .get(`${list.path}?page=${encodeURIComponent(asked)}`)
          .loginAs(admin)
          .withInertia()
        response.assertStatus(200)
        response.assertInertiaComponent(list.component)
        const props = response.inertiaProps as any
        assert.equal(list.meta(props).currentPage, 1, `${list.path}?page=${asked}`)
        assert.equal(
          props.pageNotice,
          `There is no page ${asked}: showing the first page.`,
          `${list.path}?page=${asked}`
        )
      }
    }
  })

  test('a page past the end (even past 100,000) shows the last page of every admin list, saying so', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    for (const list of LISTS) {
      for (const asked of ['999', '100001', '9007199254740993']) {
        const response = await client.get(`${list.path}?page=${asked}`).loginAs(admin).withInertia()
        response.assertStatus(200)
        response.assertInertiaComponent(list.component)
        const props = response.inertiaProps as any
        const meta = list.meta(props)
        assert.equal(meta.currentPage, meta.lastPage, `${list.path}?page=${asked}`)
        assert.equal(
          props.pageNotice,
          `There is no page ${asked}: showing the last page, ${meta.lastPage}.`,
          `${list.path}?page=${asked}`
        )
      }
    }
  })

  test('a page that exists shows that page and no notice', async ({ client, assert }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    for (const list of LISTS) {
      const response = await client.get(`${list.path}?page=1`).loginAs(admin).withInertia()
      response.assertStatus(200)
      const props = response.inertiaProps as any
      assert.equal(list.meta(props).currentPage, 1, list.path)
      assert.isNull(props.pageNotice, list.path)
    }
  })

  test('past the end of a list of several pages, the rows are the last page’s', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    // Enough users for three pages of the users list, whatever the page size.
    for (let index = 0; index < 3; index++) await makeUser()
    const first = await client.get('/admin/account-management/users').loginAs(admin).withInertia()
    const { lastPage, total } = (first.inertiaProps as any).meta
    const last = await client
      .get(`/admin/account-management/users?page=${lastPage}`)
      .loginAs(admin)
      .withInertia()
    const past = await client
      .get(`/admin/account-management/users?page=${lastPage + 5}`)
      .loginAs(admin)
      .withInertia()
    const ids = (response: any) => response.inertiaProps.users.map((user: any) => user.id)
    assert.deepEqual(ids(past), ids(last))
    assert.equal((past.inertiaProps as any).meta.total, total)
  })
})

/** The client lists with pages follow the same rule. */
const CLIENT_LISTS: { path: string; component: string; meta: (props: any) => any }[] = [
  { path: '/rsa/data-collection', component: 'rsa/data_collection', meta: (p) => p.pagination },
  {
    path: '/market-data/templates',
    component: 'market_data/templates',
    meta: (p) => p.pagination,
  },
  {
    path: '/insights-reports',
    component: 'insights_reports/index',
    meta: (p) => ({ ...p.pagination, currentPage: p.pagination.page }),
  },
]

test.group('Client lists | page numbers in the address', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a page number that is not a page, or past the end, shows the first or last page with a notice', async ({
    client,
    assert,
  }) => {
    const team = await makeTeam({
      modules: [MODULES.rsaBudgets, MODULES.marketDataDataCollection, MODULES.insightsReports],
    })
    const member = await makeUser({ teams: [team] })
    for (const list of CLIENT_LISTS) {
      for (const [asked, expected] of [
        ['0', 'There is no page 0: showing the first page.'],
        ['abc', 'There is no page abc: showing the first page.'],
        ['100001', 'There is no page 100001: showing the last page, 1.'],
      ]) {
        const response = await client
          .get(`${list.path}?page=${asked}`)
          .loginAs(member)
          .withInertia()
        response.assertStatus(200)
        response.assertInertiaComponent(list.component)
        const props = response.inertiaProps as any
        assert.equal(list.meta(props).currentPage, 1, `${list.path}?page=${asked}`)
        assert.equal(props.pageNotice, expected, `${list.path}?page=${asked}`)
      }
    }
  })
})
