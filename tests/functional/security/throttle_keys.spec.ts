import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import PasswordResetMail from '#mails/password_reset_mail'
import { makeTeam, makeUser, TEST_PASSWORD } from '#tests/helpers/accounts'
import { flashedError } from '#tests/helpers/responses'
import { enableTwoFactorFor } from '#tests/helpers/two_factor'

test.group('Throttles keyed beyond one account and address', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.setup(() => {
    mail.fake()
    return () => mail.restore()
  })

  test('one address spraying one password over many accounts is stopped', async ({
    client,
    assert,
  }) => {
    const sprayer = '203.0.113.7'
    const victim = await makeUser({ teams: [await makeTeam()] })
    const answers: (string | undefined)[] = []
    for (let account = 0; account < 40; account++) {
      const response = await client
        .post('/login')
        .header('x-forwarded-for', sprayer)
        .header('referer', '/login')
        .withCsrfToken()
        .form({ email: `analyst${account}@spray.example`, password: 'Spring-2026-Guess' })
        .redirects(0)
      answers.push(flashedError(response, 'email'))
    }
    assert.equal(answers[0], 'These credentials do not match our records.')
    assert.match(answers[39]!, /^Too many sign-in attempts/)

    // Even the right password is refused from that address for now; elsewhere it works.
    const fromSprayer = await client
      .post('/login')
      .header('x-forwarded-for', sprayer)
      .header('referer', '/login')
      .withCsrfToken()
      .form({ email: victim.email, password: TEST_PASSWORD })
      .redirects(0)
    assert.match(flashedError(fromSprayer, 'email')!, /^Too many sign-in attempts/)
    const fromOffice = await client
      .post('/login')
      .header('x-forwarded-for', '198.51.100.20')
      .withCsrfToken()
      .form({ email: victim.email, password: TEST_PASSWORD })
      .redirects(0)
    fromOffice.assertHeader('location', '/')
  })

  test('two-factor codes are limited per account whatever address they come from', async ({
    client,
    assert,
  }) => {
    const user = await makeUser({ teams: [await makeTeam()] })
    await enableTwoFactorFor(user)
    const pending = { two_factor_pending: { userId: user.id, expiresAt: Date.now() + 600_000 } }
    const attempt = (ip: string) =>
      client
        .post('/two-factor-challenge')
        .header('x-forwarded-for', ip)
        .header('referer', '/two-factor-challenge')
        .withSession(pending)
        .withCsrfToken()
        .form({ code: '000000' })
        .redirects(0)

    // Five addresses, two wrong codes each: no single address reaches its own limit.
    for (let address = 1; address <= 5; address++) {
      for (let round = 0; round < 2; round++) {
        const response = await attempt(`192.0.2.${address}`)
        assert.match(flashedError(response, 'code')!, /not valid/)
      }
    }
    const fresh = await attempt('192.0.2.99')
    assert.match(flashedError(fresh, 'code')!, /^Too many sign-in attempts/)
  })

  test("a stranger cannot spend the owner's password-reset quota", async ({ client, assert }) => {
    const { mails } = mail.fake()
    const owner = await makeUser()
    const request = (ip: string) =>
      client
        .post('/forgot-password')
        .header('x-forwarded-for', ip)
        .header('referer', '/forgot-password')
        .withCsrfToken()
        .form({ email: owner.email })
        .redirects(0)

    for (let attempt = 0; attempt < 5; attempt++) await request('203.0.113.50')
    const stranger = await request('203.0.113.50')
    stranger.assertFlashMessage(
      'error',
      'Too many reset requests for this address. Please try again later.'
    )

    const ownRequest = await request('198.51.100.8')
    ownRequest.assertFlashMessage(
      'success',
      'If an account exists for that address, we have sent a link to reset its password. Check your inbox.'
    )
    assert.lengthOf(
      mails.sent((message) => message instanceof PasswordResetMail),
      6
    )
  })

  test('an address has a global ceiling of reset mails across senders', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const owner = await makeUser()
    let last
    for (let sender = 1; sender <= 5; sender++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        last = await client
          .post('/forgot-password')
          .header('x-forwarded-for', `203.0.113.${sender}`)
          .header('referer', '/forgot-password')
          .withCsrfToken()
          .form({ email: owner.email })
          .redirects(0)
      }
    }
    last!.assertFlashMessage(
      'error',
      'Too many reset requests for this address. Please try again later.'
    )
    assert.lengthOf(mails.sent(), 20)
  })
})
