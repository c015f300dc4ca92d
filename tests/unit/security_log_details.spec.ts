import { test } from '@japa/runner'
import { describeDetails } from '#services/auth/security_log'

test.group('Security log details', () => {
  test('role and policy changes read as before → after, never as JSON', ({ assert }) => {
    const cases: [unknown, string][] = [
      [
        {
          before: { administrator: true, roles: ['Market data'] },
          after: { administrator: true, roles: ['Accounts', 'Market data'] },
          by: 'admin@example.com',
        },
        'roles: Market data → Accounts, Market data · by admin@example.com',
      ],
      [
        {
          teamId: 4,
          team: 'Northbridge',
          before: { ips: [], passwordMinLength: 12 },
          after: { ips: ['10.0.0.0/8'], passwordMinLength: 14 },
        },
        'team: Northbridge · IP ranges: none → 10.0.0.0/8 · minimum password length: 12 → 14',
      ],
      [
        { teamId: 4, team: 'Northbridge', modules: { before: ['a'], after: ['a', 'b'] } },
        'team: Northbridge · products: a → a, b',
      ],
      [
        {
          roleId: 9,
          id: 9,
          after: { name: 'Desk', description: '', permissions: ['permission-view-accounts'] },
        },
        'id: 9 · name: none → Desk · permissions: none → permission-view-accounts',
      ],
    ]
    for (const [details, expected] of cases) {
      const line = describeDetails(JSON.stringify(details))
      assert.equal(line, expected)
      assert.notMatch(line!, /[{}"]/)
    }
  })
})
