import { test } from '@japa/runner'
import { readdir } from 'node:fs/promises'
import { VineValidator } from '@vinejs/vine'
import { errors } from '@vinejs/vine'
import { pinClock } from '#tests/helpers/clock'

/** Every validator the application declares, by file and export name. */
async function allValidators() {
  const found: { name: string; validator: VineValidator<any, any> }[] = []
  for (const file of await readdir('app/validators')) {
    if (!file.endsWith('.ts') || file === 'messages.ts') continue
    const module = await import(`#validators/${file.replace(/\.ts$/, '')}`)
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof VineValidator) found.push({ name: `${file}: ${name}`, validator: value })
    }
  }
  return found
}

/** Top-level field names of a validator's schema. */
function fieldsOf(validator: VineValidator<any, any>) {
  const schema = (validator.toJSON() as any).schema.schema
  return (schema.properties ?? []).map((property: { fieldName: string }) => property.fieldName)
}

async function messages(validator: VineValidator<any, any>, data: unknown) {
  try {
    await validator.validate(data)
    return []
  } catch (error) {
    if (error instanceof errors.E_VALIDATION_ERROR) {
      return (error.messages as { message: string }[]).map((entry) => entry.message)
    }
    throw error
  }
}

test.group('Validation messages', () => {
  test('no message of any validator shows a field name as code, "undefined" or a list index', async ({
    assert,
  }) => {
    const validators = await allValidators()
    assert.isAbove(validators.length, 20)
    const leaks: string[] = []
    for (const { name, validator } of validators) {
      const fields = fieldsOf(validator)
      // Missing fields, and every field given the wrong kind of value (entries of lists too).
      const wrong = Object.fromEntries(fields.map((field: string) => [field, [{}, 'x']]))
      for (const message of [
        ...(await messages(validator, {})),
        ...(await messages(validator, wrong)),
      ]) {
        if (/[a-z][A-Z]|_|undefined|selected \d|\b\d+ (field|is)\b/.test(message)) {
          leaks.push(`${name}: ${message}`)
        }
      }
    }
    assert.deepEqual(leaks, [])
  })

  test('named fields read as their pages label them and say what is allowed', async ({
    assert,
  }) => {
    const { teamSecurityValidator, roleValidator, administratorRolesValidator } =
      await import('#validators/account_management')
    const policy = { requireTwoFactor: false, allowSelfRegistration: false }
    assert.deepEqual(await messages(teamSecurityValidator, { ...policy, passwordMinLength: 8 }), [
      'Minimum password length must be between 12 and 64 characters.',
    ])
    assert.deepEqual(
      await messages(roleValidator, { name: 'Desk', permissions: ['permission-to-everything'] }),
      ['Choose permissions from the list.']
    )
    assert.deepEqual(
      await messages(administratorRolesValidator, { administrator: 'maybe', roleIds: [] }),
      ['Administrator must be either on or off.']
    )
    // With no research published yet, this year alone is offered (the clock pinned to 2026).
    const restore = pinClock('2026-11-28')
    try {
      const { researchDocumentsValidator } = await import('#validators/research')
      assert.deepEqual(await messages(researchDocumentsValidator, { filters: { year: 1999 } }), [
        '1999 is not offered: choose 2026.',
      ])
    } finally {
      restore()
    }
  })
})
