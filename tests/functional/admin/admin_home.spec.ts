import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createRole } from '#services/accounts/account_admin'
import { PERMISSIONS } from '#shared/permissions'
import { makeUser } from '#tests/helpers/accounts'

test.group('Admin Home counts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const countsFor = async (client: any, roles: string[]) => {
    const admin = await makeUser({ isAdministrator: true, roles })
    const response = await client.get('/admin/welcome').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('admin/welcome')
    return (response.inertiaProps as { counts: Record<string, number> }).counts
  }

  test('gives an administrator with accounts and feedback every count', async ({
    client,
    assert,
  }) => {
    const counts = await countsFor(client, ['Client services'])
    assert.sameMembers(Object.keys(counts), ['teams', 'users', 'administrators', 'feedback'])
    assert.isAtLeast(counts.administrators, 1)
  })

  test('gives a market data administrator no account or feedback counts', async ({
    client,
    assert,
  }) => {
    assert.deepEqual(await countsFor(client, ['Market data administrator']), {})
  })

  test('gives a feedback-only administrator the feedback count alone', async ({
    client,
    assert,
  }) => {
    await createRole({
      name: 'Feedback reader',
      description: '',
      permissions: [PERMISSIONS.viewFeedback],
    })
    assert.deepEqual(Object.keys(await countsFor(client, ['Feedback reader'])), ['feedback'])
  })
})
