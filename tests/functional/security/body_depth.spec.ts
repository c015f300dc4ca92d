import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeUser } from '#tests/helpers/accounts'
import { BODY_TOO_DEEP_MESSAGE, MAX_BODY_DEPTH } from '#middleware/body_depth_middleware'

const SAVE_CATEGORY = '/api/admin/market-data/provider/save-category'
const mdAdmin = () => makeUser({ isAdministrator: true, roles: ['Market data administrator'] })

/** `{"category":{"a":{"a":…1…}}}`: `levels` objects in all. */
function nestedObjects(levels: number) {
  let body = '1'
  for (let level = 1; level < levels; level++) body = `{"a":${body}}`
  return `{"category":${body}}`
}

/** `{"category":{"provider_key":"x","a":[[[…]]]}}`: two objects around `lists` arrays. */
function nestedLists(lists: number) {
  return `{"category":{"provider_key":"x","a":${'['.repeat(lists)}${']'.repeat(lists)}}}`
}

test.group('JSON body nesting limit', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a body nested {$self} levels deep is refused with a short JSON message')
    .with([10_000, MAX_BODY_DEPTH + 1])
    .run(async ({ client, assert }, levels) => {
      const admin = await mdAdmin()
      for (const body of [nestedObjects(levels), nestedLists(levels - 2)]) {
        const response = await client
          .post(SAVE_CATEGORY)
          .loginAs(admin)
          .withCsrfToken()
          .header('content-type', 'application/json')
          .header('accept', 'application/json')
          .json(body as never)
        response.assertStatus(400)
        assert.deepEqual(response.body(), {
          message: BODY_TOO_DEEP_MESSAGE,
          code: 'E_BODY_TOO_DEEP',
          requestId: response.header('x-request-id'),
        })
        assert.notMatch(response.text(), /Maximum call stack|\bat \S+ \(|\.ts:\d+/)
      }
    })

  test('refused before sign-in or the CSRF check, for anyone', async ({ client }) => {
    const response = await client
      .post('/login')
      .header('accept', 'application/json')
      .json(nestedObjects(10_000) as never)
    response.assertStatus(400)
    response.assertBodyContains({ code: 'E_BODY_TOO_DEEP' })
  })

  test('a body at the limit still reaches the endpoint', async ({ client, assert }) => {
    const admin = await mdAdmin()
    for (const body of [nestedObjects(MAX_BODY_DEPTH), nestedLists(MAX_BODY_DEPTH - 2)]) {
      const response = await client
        .post(SAVE_CATEGORY)
        .loginAs(admin)
        .withCsrfToken()
        .header('accept', 'application/json')
        .json(body as never)
      // The endpoint's own answer: its validation of the category, not the nesting limit.
      response.assertStatus(422)
      assert.notEqual((response.body() as { code?: string }).code, 'E_BODY_TOO_DEEP')
    }
  })
})
