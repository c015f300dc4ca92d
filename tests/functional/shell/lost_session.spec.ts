import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Feedback from '#models/feedback'
import { makeTeam, makeUser } from '#tests/helpers/accounts'

const XHR = { 'X-Requested-With': 'XMLHttpRequest' }

test.group('JSON calls from a page whose session is gone', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a feedback post without session or CSRF token is answered 401, and nothing is stored', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/submit-feedback')
      .headers(XHR)
      .json({ rating: 4, feedbackText: 'Written before the session expired' })
    response.assertStatus(401)
    response.assertBody({ message: 'Unauthenticated', requestId: response.header('x-request-id') })
    assert.isNull(await Feedback.findBy('feedback_text', 'Written before the session expired'))
  })

  test('the analytics event sent when opening the feedback form is answered 401', async ({
    client,
  }) => {
    const response = await client
      .post('/api/analytics/events')
      .headers(XHR)
      .json({ category: 'Feedback', action: 'open', route: '/' })
    response.assertStatus(401)
  })

  test('a signed-in caller with a bad CSRF token still gets the page-expired 403', async ({
    client,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    const response = await client
      .post('/api/submit-feedback')
      .headers(XHR)
      .loginAs(user)
      .json({ rating: 4, feedbackText: 'No token' })
    response.assertStatus(403)
    response.assertBodyContains({ code: 'E_BAD_CSRF_TOKEN' })
  })

  test('a signed-out form post still gets the page-expired message', async ({ client }) => {
    const response = await client.post('/logout').header('referer', '/').redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('error', 'Page expired. Reload the page and try again.')
  })
})
