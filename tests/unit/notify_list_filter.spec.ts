import { test } from '@japa/runner'
import { notYetNotifiedShown, type NotifyUser } from '#shared/insights_reports'

const user = (id: number, name: string, teams: string[], group: NotifyUser['group']) => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\s/g, '.')}@example.com`,
  teams,
  group,
  selectable: group === 'not_notified' || group === 'admins',
  status: null,
  notifiedAt: null,
  hasRead: false,
})

test.group('Notify list search', () => {
  test('"Select all not yet notified" takes only the not-yet-notified users the search shows', ({
    assert,
  }) => {
    const users = [
      user(1, 'Hanna Keller', ['Helvetia Capital'], 'not_notified'),
      user(2, 'Bo Lind', ['Northbridge'], 'not_notified'),
      user(3, 'Cy Ode', ['Northbridge', 'Helvetia Capital'], 'not_notified'),
      user(4, 'Di Park', ['Helvetia Capital'], 'already_notified'),
      user(5, 'Ed Admin', ['Helvetia Capital'], 'admins'),
    ]
    const ids = (query: string) => notYetNotifiedShown(users, query).map((entry) => entry.id)
    assert.deepEqual(ids(''), [1, 2, 3])
    assert.deepEqual(ids('  helvetia '), [1, 3])
    assert.deepEqual(ids('hanna.keller@'), [1])
    assert.deepEqual(ids('nobody'), [])
  })
})
