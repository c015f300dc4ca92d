import { test } from '@japa/runner'
import { auditChanges } from '#shared/audit_changes'

test.group('Audit trail changes', () => {
  test('an import keyed by contract shows only the field that changed, as before → after', ({
    assert,
  }) => {
    const before = {
      'Northbridge · BBG-2024': {
        'team': 'Northbridge',
        'provider': 'Bloomberg',
        'reference': 'BBG-2024',
        'license type': 'Enterprise',
        'start_date': '2024-09-29',
        'end_date': '2025-09-28',
      },
    }
    const after = {
      'Northbridge · BBG-2024': { ...before['Northbridge · BBG-2024'], end_date: '2025-09-29' },
    }
    assert.deepEqual(auditChanges(before, after), [
      { key: 'Northbridge · BBG-2024 › end date', before: '2025-09-28', after: '2025-09-29' },
    ])
  })

  test('a created record lists every value against a dash; nothing changed lists nothing', ({
    assert,
  }) => {
    assert.deepEqual(auditChanges({}, { 'A · X': { reference: 'X', end_date: null } }), [
      { key: 'A · X › reference', before: '—', after: 'X' },
    ])
    assert.deepEqual(auditChanges({ a: [1, 2] }, { a: [1, 2] }), [])
    assert.deepEqual(auditChanges({ a: [1] }, { a: [] }), [
      { key: 'a 1', before: '1', after: '—' },
      { key: 'a', before: '—', after: 'none' },
    ])
  })
})
