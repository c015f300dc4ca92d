import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import User from '#models/user'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { ALL_MODULES } from '#shared/modules'

/**
 * Malformed input on every registered route, as a signed-out visitor, a client of a team with
 * every module and a super administrator: wrong path parameters, wrong query strings and wrong
 * JSON bodies are refused (4xx, or a redirect back to the form), never answered with a server
 * error, and change nobody's rights.
 */

const HUGE_ID = '99999999999999999999'
const LONG = 'x'.repeat(5_000)

/**
 * Values put in place of every path parameter: each route gets all of the first ones (the
 * values a database refuses: not a number, out of range, a NUL byte) and one of the others.
 */
const PATH_VALUES = ['-1', HUGE_ID, '1e400', 'abc', '%00', LONG]
const PATH_VALUES_ROTATED = ['0', '..%2F..%2Fetc%2Fpasswd', '%E0%A4%A']

/** Query strings of wrong types, arrays, prototype keys and impossible dates. */
const QUERIES = [
  '?year[]=1&year[]=2&page=-5&currency=__proto__&sort=%27%3B--&from=2026-02-30&to=2026-13-45',
  '?page=1e400&perPage=99999999999999999999&year=abc&month=-1&id=-1&teamId=1e400&tab[]=x&q[a]=1' +
    `&__proto__[isAdministrator]=1&constructor[prototype][polluted]=1&search=${LONG}`,
]

/** `{"a":{"a":…}}`, `levels` objects deep. */
function nested(levels: number) {
  return `${'{"a":'.repeat(levels - 1)}1${'}'.repeat(levels - 1)}`
}

/** Likely field names of the application's forms and calls. */
const FIELDS = [
  'id',
  'ids',
  'name',
  'email',
  'password',
  'passwordConfirmation',
  'currentPassword',
  'code',
  'token',
  'year',
  'month',
  'from',
  'to',
  'date',
  'startDate',
  'endDate',
  'amount',
  'value',
  'values',
  'currency',
  'currencyCode',
  'page',
  'perPage',
  'sort',
  'direction',
  'status',
  'kind',
  'role',
  'roles',
  'teamId',
  'team_id',
  'providerId',
  'provider_key',
  'providerKey',
  'contractId',
  'permissions',
  'modules',
  'category',
  'description',
  'notes',
  'url',
  'filters',
  'isAdministrator',
]

const wrongTypes = JSON.stringify(
  Object.fromEntries(
    FIELDS.map((field, index) => [
      field,
      [{ nested: [1] }, ['a', 'b'], 'not-a-number', -1, true, '2026-02-30', HUGE_ID][index % 7],
    ])
  )
)

const hugeNumbers = `{${FIELDS.map(
  (field, index) => `"${field}":${['1e400', '-1e400', '-1', HUGE_ID, '1e-400', '0'][index % 6]}`
).join(',')}}`

/**
 * Raw JSON bodies for writes (sent as written, with content-type application/json): each write
 * route gets all of the first ones and one of the bodies that are not an object.
 */
const BODIES: { label: string; body: string }[] = [
  {
    label: 'prototype keys',
    body:
      '{"__proto__":{"isAdministrator":true,"polluted":1},' +
      '"constructor":{"prototype":{"polluted":1}},"prototype":{"polluted":1},' +
      '"name":{"__proto__":{"polluted":1}}}',
  },
  { label: 'wrong types', body: wrongTypes },
  { label: '1e400 and huge ids', body: hugeNumbers },
  {
    label: '1 MB strings',
    body: JSON.stringify({ name: 'y'.repeat(1_000_000), email: 'z'.repeat(1_000) }),
  },
]
const BODIES_ROTATED: { label: string; body: string }[] = [
  { label: '[]', body: '[]' },
  { label: '"text"', body: '"text"' },
  { label: 'null', body: 'null' },
  { label: 'deep JSON', body: nested(5_000) },
]

/** The route's path with its parameters filled in: `value`, or a plausible value. */
function url(pattern: string, value?: string) {
  if (value !== undefined) return pattern.replace(/:[A-Za-z_]+/g, value)
  return pattern
    .replace(/:provider_key|:providerKey/g, 'bloomberg')
    .replace('/insights-reports/:kind', '/insights-reports/categories')
    .replace(/:[A-Za-z_]+/g, '1')
}

interface Persona {
  name: string
  user: User | null
}

interface Attempt {
  path: string
  label: string
  body?: string
  json: boolean
}

function attempts(pattern: string, write: boolean, turn: number): Attempt[] {
  // First a well-formed request, which tells whether the persona gets past sign-in and roles.
  const list: Attempt[] = [
    { path: url(pattern), label: 'no change', body: write ? '{}' : undefined, json: true },
  ]
  // Pages and JSON calls take different paths through the error handler: half of each.
  let json = false
  if (pattern.includes(':')) {
    for (const value of [...PATH_VALUES, PATH_VALUES_ROTATED[turn % PATH_VALUES_ROTATED.length]]) {
      const shown = value.length > 40 ? `${value.length} characters` : value
      json = !json
      list.push({
        path: url(pattern, value),
        label: `path ${shown}`,
        body: write ? '{}' : undefined,
        json,
      })
    }
  }
  const query = turn % QUERIES.length
  json = !json
  list.push({
    path: `${url(pattern)}${QUERIES[query]}`,
    label: `query ${query + 1}`,
    body: write ? '{}' : undefined,
    json,
  })
  if (write) {
    for (const { label, body } of [...BODIES, BODIES_ROTATED[turn % BODIES_ROTATED.length]]) {
      json = !json
      list.push({ path: url(pattern), label, body, json })
    }
  }
  return list
}

/**
 * Sign-in, a team or an administrator role refused the request before its input was read.
 */
function refused(status: number, location: string) {
  return (
    status === 401 ||
    status === 403 ||
    (status >= 300 &&
      status < 400 &&
      (location.startsWith('/login') || location.startsWith('/admin/welcome')))
  )
}

async function send(
  client: ApiClient,
  method: string,
  attempt: Attempt,
  user: User | null
): Promise<{ status: number; location: string }> {
  const request = client[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](
    attempt.path
  ).redirects(0)
  if (attempt.json) request.header('accept', 'application/json')
  else request.withInertia()
  if (attempt.body !== undefined) {
    request
      .withCsrfToken()
      .header('content-type', 'application/json')
      .json(attempt.body as never)
  }
  if (user) request.loginAs(user)
  try {
    const response = await request
    return { status: response.status(), location: response.header('location') ?? '' }
  } catch {
    // The connection was cut before any answer: reported as a failure too.
    return { status: -1, location: '' }
  }
}

async function teamRoles(user: User) {
  return db.from('team_user').where('user_id', user.id).orderBy('team_id').select('team_id', 'role')
}

async function userRoles(user: User) {
  const rows = await db.from('user_roles').where('user_id', user.id).select('role_id')
  return rows.map((row) => row.role_id).sort()
}

test.group('Malformed input on every route', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.timeout(180_000)

  test('is refused without a server error and changes no rights', async ({ client, assert }) => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort()
    // The first ids belong to a team and a user that the routes' plausible parameters (`1`) name:
    // an administrator's well-formed request may change them, and only them.
    const decoyTeam = await makeTeam({ modules: ALL_MODULES })
    const decoy = await makeUser({ teams: [decoyTeam] })
    const team = await makeTeam({ modules: ALL_MODULES })
    const member = await makeUser({ teams: [team] })
    const administrator = await makeUser({ isAdministrator: true, roles: ['Super administrator'] })
    const rolesBefore = await teamRoles(member)
    const userRolesBefore = await userRoles(member)
    const personas: Persona[] = [
      { name: 'anonymous', user: null },
      { name: 'client', user: member },
      { name: 'super administrator', user: administrator },
    ]

    const routes = Object.values(router.toJSON())
      .flat()
      // Signing out ends the persona's session for the following requests: tried last.
      .sort((a, b) => Number(a.name === 'logout') - Number(b.name === 'logout'))
    assert.isAbove(routes.length, 50)
    const failures: string[] = []
    let turn = 0
    for (const route of routes) {
      turn++
      await limiter.clear(['memory'])
      const methods = route.methods.filter((method) => method !== 'HEAD')
      for (const method of methods) {
        const write = method !== 'GET'
        for (const persona of personas) {
          const [probe, ...rest] = attempts(route.pattern, write, turn)
          const first = await send(client, method, probe, persona.user)
          // A persona refused before its input is read gets a sample of the malformed inputs;
          // one let in gets them all.
          const malformed = refused(first.status, first.location)
            ? [rest[turn % rest.length]]
            : rest
          for (const attempt of [probe, ...malformed]) {
            const { status } =
              attempt === probe ? first : await send(client, method, attempt, persona.user)
            if (status >= 500 || status < 0) {
              failures.push(
                `${method} ${route.pattern} as ${persona.name} with ${attempt.label} → ${status}`
              )
            }
          }
        }
      }
    }
    assert.deepEqual(failures, [])

    // Nothing polluted the prototypes of this process.
    assert.isUndefined(({} as Record<string, unknown>).polluted)
    assert.isUndefined(({} as Record<string, unknown>).isAdministrator)
    assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeKeys)

    // Nobody's rights changed.
    const reloaded = await User.findOrFail(member.id)
    assert.isFalse(Boolean(reloaded.isAdministrator))
    const reloadedDecoy = await User.findOrFail(decoy.id)
    assert.isFalse(Boolean(reloadedDecoy.isAdministrator))
    assert.deepEqual(await teamRoles(member), rolesBefore)
    assert.deepEqual(await userRoles(member), userRolesBefore)

    // A signed-out visitor is still sent to sign in from administration.
    const adminPage = await client.get('/admin/welcome').redirects(0)
    assert.equal(adminPage.status(), 302)
    assert.equal(adminPage.header('location'), '/login')

    // A user still signs in with the password through the form.
    await limiter.clear(['memory'])
    const demo = await makeUser({ teams: [team] })
    const signIn = await client
      .post('/login')
      .form({ email: demo.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    assert.equal(signIn.status(), 302)
    assert.equal(signIn.header('location'), '/')
  })
})
