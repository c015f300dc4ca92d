import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import cache from '@adonisjs/cache/services/main'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type User from '#models/user'
import { queryCountOf, writesOf } from '#tests/helpers/query_count'

/**
 * Query budgets: how many SQL statements each page and API endpoint may run per request,
 * middleware and session included (the app's own `x-query-count`), measured on a small data set
 * and again after more rows of what the page lists were added. A page whose count grows with
 * the data runs a query per row; a page over its budget has gained a query.
 */

/** The most statements one request may run. */
export const QUERY_LIMIT = 10

/**
 * The most the middleware may cost on a warm request context cache (the signed-in user, their
 * teams, the current team's modules, an administrator's permissions): measured on a page that
 * runs no query of its own. The session store is in memory in tests; the database store adds
 * its read to this in production.
 */
export const CACHED_CONTEXT_QUERIES = 2

/**
 * The areas whose routes each performance spec covers. A route belongs to the first area whose
 * pattern matches; whatever matches none belongs to the shell.
 */
const AREA_PATTERNS = [
  ['admin_market_data', /^\/(admin|api\/admin)\/market-data(\/|$)/],
  // Research providers administration (admin_rsa_providers_queries.spec.ts).
  ['admin_rsa_providers', /^\/admin\/research-spend-analytics\/providers(\/|$)/],
  // Research spend administration (rsa_admin_queries.spec.ts), before the rest of /admin.
  ['rsa_admin', /^\/admin\/research-spend-analytics(\/|$)/],
  // Providers administration (providers_admin_queries.spec.ts).
  ['admin_providers', /^\/admin\/providers(\/|$)/],
  // Insights Reports administration (insights_reports_admin_queries.spec.ts).
  ['admin_insights_reports', /^\/admin\/insights-reports(\/|$)/],
  // The theme ranking administration (theme_ranking_queries.spec.ts).
  ['admin_theme_ranking', /^\/admin\/research-discovery\/theme-ranking(\/|$)/],
  // Theme management (theme_management_queries.spec.ts).
  ['admin_theme_management', /^\/admin\/research-discovery\/themes(\/|$)/],
  // Research requests administration (research_requests_admin_queries.spec.ts).
  ['admin_research_requests', /^\/admin\/research-discovery\/requests(\/|$)/],
  // Research documents administration (research_documents_admin_queries.spec.ts).
  ['admin_research_documents', /^\/admin\/research-discovery\/documents(\/|$)/],
  // Research discovery analytics (research_analytics_queries.spec.ts).
  ['admin_research_analytics', /^\/admin\/research-discovery\/analytics(\/|$)/],
  ['admin', /^\/admin(\/|$)/],
  ['market_data', /^\/(market-data|alternative-data|provider-logos|api\/market-data)(\/|$)/],
  // Research spend data collection (rsa_data_collection_queries.spec.ts), before the rest of /rsa.
  ['rsa_data_collection', /^\/rsa\/data-collection(\/|$)/],
  ['rsa', /^\/(rsa|api\/rsa)(\/|$)/],
  // Providers / analyst mapping (providers_queries.spec.ts).
  ['providers', /^\/(providers|api\/providers)(\/|$)/],
  // Insights Reports for clients (insights_reports_queries.spec.ts); the badge stays in the shell.
  ['insights_reports', /^\/insights-reports(\/|$)/],
  // The summary dashboard (summary_queries.spec.ts).
  ['summary', /^\/(summary|api\/dashboard)(\/|$)/],
  // Research Insights (research_queries.spec.ts).
  ['research', /^\/(research-discovery|api\/trending-themes)(\/|$)/],
  [
    'settings',
    /^\/(user|email\/verify$|email\/verification-notification|password\/rotate|sso-management)(\/|$)/,
  ],
  [
    'sign_in',
    /^\/(login|logout|register|forgot-password|reset-password|two-factor-challenge|invitations|email\/verify\/|email\/change|unsubscribe|sso\/)/,
  ],
] as const

export type Area = (typeof AREA_PATTERNS)[number][0] | 'shell'

export interface RouteInfo {
  name: string
  pattern: string
  methods: string[]
}

export function areaOf(pattern: string): Area {
  return AREA_PATTERNS.find(([, matcher]) => matcher.test(pattern))?.[0] ?? 'shell'
}

/** Every page (GET) and every JSON API endpoint (any method) carries a budget or a reason. */
export function needsBudget(route: RouteInfo) {
  return route.methods.includes('GET') || route.pattern.startsWith('/api/')
}

export function routesOf(area: Area): RouteInfo[] {
  return Object.values(router.toJSON())
    .flat()
    .map((route) => ({ name: route.name ?? '', pattern: route.pattern, methods: route.methods }))
    .filter((route) => areaOf(route.pattern) === area && needsBudget(route))
}

/**
 * The budget table of an area must name exactly its routes that need one: a new page or API
 * endpoint fails here until it is measured (or, for an API write, declared as such).
 */
export function budgetTableProblems(
  area: Area,
  budgets: Record<string, number>,
  notMeasured: Record<string, string> = {}
) {
  const routes = routesOf(area)
  const problems: string[] = []
  for (const route of routes) {
    if (!route.name) problems.push(`${route.methods.join('|')} ${route.pattern} has no name`)
    else if (!(route.name in budgets) && !(route.name in notMeasured)) {
      problems.push(`${route.methods.join('|')} ${route.pattern} (${route.name}) has no budget`)
    }
  }
  for (const name of [...Object.keys(budgets), ...Object.keys(notMeasured)]) {
    if (!routes.some((route) => route.name === name)) {
      problems.push(`${name} is in the table but is no route of the ${area} area`)
    }
  }
  return problems
}

/**
 * How a request reaches its route: the stack decides which query-free page measures what the
 * middleware costs for the same user (the request context shared by every route of the stack).
 */
export type Stack = 'team' | 'signed_in' | 'admin' | 'visitor'

interface Baseline {
  url: string
  method?: 'GET' | 'POST'
  body?: Record<string, unknown>
  json?: boolean
  /** The answers that show the middleware ran to the end and nothing else did. */
  allowed: number[]
}

const STACK_BASELINES: Record<Stack, Baseline> = {
  // The client stack (team, modules, policy) then a validation refusal: the display-currency
  // call refuses an empty body before its first query.
  team: { url: '/api/currencies/selected', method: 'POST', body: {}, json: true, allowed: [422] },
  signed_in: { url: '/user/confirm-password', allowed: [200] },
  // The admin stack then a validation refusal: a bulk action on research documents refuses an
  // empty body before its first query. An administrator without the area's permission is
  // refused by the last middleware: the refusal costs the same middleware and nothing of its own.
  admin: {
    url: '/admin/research-discovery/documents/bulk',
    method: 'POST',
    body: {},
    json: true,
    allowed: [422, 403],
  },
  visitor: { url: '/login', allowed: [200] },
}

export interface Probe {
  route: string
  url: string
  as: User | null
  /** Without a stack, the route runs none of the request context: all its queries are its own. */
  stack?: Stack
  method?: 'GET' | 'POST'
  body?: Record<string, unknown>
  /** Session values the request arrives with (a sign-in waiting for its second factor). */
  session?: Record<string, any>
  /** Accept JSON (API endpoints) rather than an Inertia page visit. */
  json?: boolean
  status?: number
  /** The Inertia component the page must render. */
  component?: string
  /** Props the page must show (top-level values compared as JSON). */
  props?: Record<string, unknown>
  /**
   * How many of the grown records the response shows: it must show more on the larger data
   * set, or the measure proves nothing about data size.
   */
  rows?: (response: ApiResponse) => number
  /**
   * Writing statements a GET may run: only a mailed link whose visit is the action itself
   * (confirming an address). Every other read writes nothing.
   */
  writes?: number
}

/**
 * With QUERY_BUDGET_SQL set to route names (comma-separated), the statements of those routes'
 * requests are printed: what to read when a budget fails.
 */
const traced = new Set((process.env.QUERY_BUDGET_SQL ?? '').split(',').filter(Boolean))
let trace: string[] | null = null
const listening = new WeakSet<object>()

function listen() {
  const connection = db.manager.get(db.primaryConnectionName)?.connection as
    | { client?: { on(event: 'query', listener: (query: { sql: string }) => void): unknown } }
    | undefined
  const client = connection?.client
  if (!client || listening.has(client)) return
  listening.add(client)
  client.on('query', (query) => trace?.push(query.sql))
}

interface Measure {
  count: number
  middleware: number
  rows: number | null
}

async function send(
  client: ApiClient,
  probe: Pick<Probe, 'url' | 'as' | 'method' | 'body' | 'json' | 'component' | 'session'>
) {
  const request =
    probe.method === 'POST'
      ? client
          .post(probe.url)
          .withCsrfToken()
          .json(probe.body ?? {})
      : client.get(probe.url)
  if (probe.as) request.loginAs(probe.as)
  if (probe.session) request.withSession(probe.session)
  if (probe.json) request.header('accept', 'application/json')
  else if (probe.component !== undefined) request.withInertia()
  return request.redirects(0)
}

/**
 * Measures probes at two data sizes and checks them against a budget table.
 */
export class QueryBudgetRun {
  private small = new Map<string, Measure>()
  private large = new Map<string, Measure>()
  private problems: string[] = []

  constructor(
    private budgets: Record<string, number>,
    private beforeEachProbe?: () => Promise<unknown>
  ) {}

  /** Every route measured so far, at both sizes. */
  measuredRoutes() {
    return [...this.large.keys()].filter((route) => this.small.has(route))
  }

  async measure(client: ApiClient, size: 'small' | 'large', probes: Probe[]) {
    // The fixtures write rows directly, past the services that drop the cached request
    // context: every measure starts from an empty cache (the baselines fill it again).
    await cache.clear()
    const into = size === 'small' ? this.small : this.large
    const baselines = new Map<string, number>()
    const baseline = async (user: User | null, stack: Stack | undefined) => {
      if (!stack) return 0
      const key = `${user?.id ?? 'visitor'}:${stack}`
      if (!baselines.has(key)) {
        // Twice: the first request fills the cache (and settles what a first request writes,
        // such as the current team); the second shows what the middleware costs when warm.
        const request = { ...STACK_BASELINES[stack], as: user }
        await send(client, request)
        const response = await send(client, request)
        if (!request.allowed.includes(response.status())) {
          this.problems.push(`${stack} baseline ${request.url} answered ${response.status()}`)
        }
        baselines.set(key, queryCountOf(response))
      }
      return baselines.get(key)!
    }

    if (traced.size) listen()
    for (const probe of probes) {
      // First: it also settles whatever a user's first request writes (their current team).
      const middleware = await baseline(probe.as, probe.stack)
      await this.beforeEachProbe?.()
      trace = traced.has(probe.route) ? [] : null
      const response = await send(client, probe)
      if (trace) console.log(`${probe.route} (${size}):\n  ${trace.join('\n  ')}`)
      trace = null
      const expected = probe.status ?? 200
      const label = `${probe.route} (${size})`
      if (response.status() !== expected) {
        this.problems.push(
          `${label}: ${probe.method ?? 'GET'} ${probe.url} answered ${response.status()} ${response.header('location') ?? ''}, expected ${expected}`
        )
      }
      if (probe.component && response.status() === 200) {
        const component = response.header('x-inertia')
          ? (response.inertiaComponent as string)
          : 'no Inertia page'
        if (component !== probe.component) {
          this.problems.push(`${label}: rendered ${component}, expected ${probe.component}`)
        }
      }
      for (const [key, value] of Object.entries(probe.props ?? {})) {
        const shown = response.header('x-inertia') ? response.inertiaProps[key] : undefined
        if (JSON.stringify(shown) !== JSON.stringify(value)) {
          this.problems.push(
            `${label}: shows ${key} ${JSON.stringify(shown)}, expected ${JSON.stringify(value)}`
          )
        }
      }
      // A read writes nothing (the session's own save aside, which tests keep in memory).
      if (probe.method !== 'POST' && writesOf(response) > (probe.writes ?? 0)) {
        this.problems.push(`${label}: a read request ran ${writesOf(response)} writing statements`)
      }
      into.set(probe.route, {
        count: queryCountOf(response),
        middleware,
        rows: probe.rows && response.status() === expected ? probe.rows(response) : null,
      })
    }
  }

  /** Every measured route: small and large counts equal, within its budget and the limit. */
  failures() {
    const failures = [...this.problems]
    for (const [route, small] of this.small) {
      const large = this.large.get(route)
      const budget = this.budgets[route]
      if (budget === undefined) {
        failures.push(`${route}: measured but has no budget (${small.count} queries)`)
        continue
      }
      if (!large) {
        failures.push(`${route}: measured on the small data set only`)
        continue
      }
      if (small.rows !== null && large.rows !== null && large.rows <= small.rows) {
        failures.push(
          `${route}: shows ${large.rows} rows on the larger data set, ${small.rows} on the small one: the data did not grow`
        )
      }
      if (large.count !== small.count) {
        failures.push(
          `${route}: ${small.count} queries with little data, ${large.count} with more: a query per row`
        )
      }
      const count = Math.max(small.count, large.count)
      if (count > budget) failures.push(`${route}: ${count} queries, over its budget of ${budget}`)
      if (count > QUERY_LIMIT) {
        failures.push(
          `${route}: ${count} queries (${count - small.middleware} of its own beyond the ${small.middleware} of the middleware), over the limit of ${QUERY_LIMIT}`
        )
      }
      if (small.middleware > CACHED_CONTEXT_QUERIES) {
        failures.push(
          `${route}: the middleware runs ${small.middleware} queries on a warm cache, more than ${CACHED_CONTEXT_QUERIES}`
        )
      }
    }
    return failures
  }

  /** The measured counts, for a budget table: route → small, large, request context, rows. */
  report() {
    return [...this.small].map(([route, small]) => {
      const large = this.large.get(route)
      return `${route}: ${small.count} / ${large?.count} (context ${small.middleware}; rows ${small.rows} → ${large?.rows})`
    })
  }
}

function lengthAt(data: unknown, path: string) {
  const value = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], data)
  if (!Array.isArray(value)) throw new Error(`${path} is not a list in the response`)
  return value.length
}

/** The number of entries of the lists at these paths of the page's props or JSON body. */
export function rowsAt(...paths: string[]) {
  return (response: ApiResponse) => {
    const data = response.header('x-inertia') ? response.inertiaProps : response.body()
    return paths.reduce((sum, path) => sum + lengthAt(data, path), 0)
  }
}

/** The number of lines of a CSV download. */
export function csvLines(response: ApiResponse) {
  return response.text().trim().split('\n').length
}

/**
 * The budget tests of one area: every route of the area has a budget (or a reason not to be
 * measured), every probe stays within it at both data sizes, and every budget was measured.
 * `world` builds the fixtures and returns the probes (or a function making them, for probes
 * that depend on records made on the way) and how to grow the data.
 */
export function queryBudgetGroup(
  title: string,
  options: {
    area: Area
    budgets: Record<string, number>
    notMeasured?: Record<string, string>
    /** Runs before every probe (say, to make kept figures stale so that they are counted). */
    beforeEachProbe?: () => Promise<unknown>
    world: () => Promise<{
      probes: Probe[] | (() => Probe[] | Promise<Probe[]>)
      grow: () => Promise<unknown>
    }>
  }
) {
  const run = new QueryBudgetRun(options.budgets, options.beforeEachProbe)
  test.group(`Query budgets: ${title}`, (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())

    test('every page and API endpoint of the area has a budget', ({ assert }) => {
      assert.deepEqual(budgetTableProblems(options.area, options.budgets, options.notMeasured), [])
    })

    test('pages and calls stay within budget whatever the data size', async ({
      client,
      assert,
    }) => {
      const world = await options.world()
      const probes = async () =>
        typeof world.probes === 'function' ? await world.probes() : world.probes
      await run.measure(client, 'small', await probes())
      await world.grow()
      await run.measure(client, 'large', await probes())
      if (process.env.QUERY_BUDGET_REPORT) console.log(run.report())
      assert.deepEqual(run.failures(), [])
    }).timeout(60_000)

    test('every budget was measured', ({ assert }) => {
      assert.sameMembers(run.measuredRoutes(), Object.keys(options.budgets))
    })
  })
}
