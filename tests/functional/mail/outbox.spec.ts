import { test } from '@japa/runner'
import { readdir, readFile, rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import PasswordResetMail from '#mails/password_reset_mail'
import { makeUser } from '#tests/helpers/accounts'

test.group('Development outbox mailer', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await rm(app.tmpPath('mail'), { recursive: true, force: true })
  })

  test('files the rendered message under tmp/mail instead of sending it', async ({ assert }) => {
    const user = await makeUser()
    await mail.send(
      new PasswordResetMail(user, 'http://localhost:3334/reset-password/1?signature=abc')
    )
    const files = await readdir(app.tmpPath('mail'))
    assert.lengthOf(files, 1)
    const message = JSON.parse(await readFile(app.tmpPath('mail', files[0]), 'utf8'))
    assert.equal(message.subject, 'Reset your Spendlens password')
    assert.include(message.html, 'http://localhost:3334/reset-password/1?signature=abc')
    assert.include(message.text, 'expires in 60 minutes')
    assert.deepEqual(message.to, [{ address: user.email, name: user.name }])
  })
})
