import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { MODULES } from '#shared/modules'
import { makeTeam, makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import {
  daysBefore,
  researchDocument,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'
import { computeTrendingSnapshot } from '#services/research/trending'
import { sendWeeklyDigests } from '#services/research/digest'
import WeeklyDigestMail from '#mails/weekly_digest_mail'

/*
 * The weekly digest for the week before Monday 9 December 2024: Tariffs trends (3 providers),
 * the reader starred Oil supply, on which Atlas published an open note and Delta a note for its
 * subscribers only (the reader's team is not one).
 */
const MONDAY = '2024-12-09'
const asOf = DateTime.fromISO(MONDAY, { zone: 'utc' })

async function digestWorld() {
  const atlas = await researchProvider('Atlas', 'independent')
  const birch = await researchProvider('Birch', 'independent')
  const cedar = await researchProvider('Cedar', 'independent')
  const delta = await researchProvider('Delta', 'independent')
  const group = await themeGroup('Macro')
  const tariffs = await researchTheme('Tariffs', group)
  const oil = await researchTheme('Oil supply', group)
  for (const provider of [atlas, birch, cedar]) {
    await researchDocument({
      provider,
      title: `Tariffs note by ${provider.name}`,
      publishedAt: daysBefore(MONDAY, 2),
      themes: [tariffs],
    })
  }
  await researchDocument({
    provider: atlas,
    title: 'Oil: OPEC+ keeps barrels off the market',
    publishedAt: daysBefore(MONDAY, 3),
    themes: [oil],
  })
  await researchDocument({
    provider: delta,
    title: 'Private oil note',
    publishedAt: daysBefore(MONDAY, 1),
    themes: [oil],
    entitlement: 'paid_provider_only',
  })
  // Before the week: not new.
  await researchDocument({
    provider: birch,
    title: 'Old oil note',
    publishedAt: daysBefore(MONDAY, 20),
    themes: [oil],
  })
  await computeTrendingSnapshot(asOf)

  const team = await researchTeam()
  const reader = await subscriber(team)
  await star(reader.id, oil.id)
  return { team, reader, themes: { tariffs, oil } }
}

async function subscriber(team: { name: string }, options: { emailVerified?: boolean } = {}) {
  const user = await makeUser({ teams: [team], emailVerified: options.emailVerified })
  await db.table('email_subscriptions').insert({
    user_id: user.id,
    subscription: 'weekly_digest',
    created_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
  })
  return user
}

async function star(userId: number, themeId: number) {
  await db.table('research_starred_themes').insert({
    user_id: userId,
    theme_id: themeId,
    starred_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
  })
}

test.group('Weekly digest', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the week’s trending themes with movement and the new readable documents of starred themes, HTML and text, with a one-click unsubscribe', async ({
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const { reader, themes } = await digestWorld()
    const outcomes = await sendWeeklyDigests({ asOf, email: reader.email })
    assert.deepEqual(outcomes, [{ email: reader.email, outcome: 'sent', themes: 1, documents: 1 }])
    const [sent] = mails.sent() as WeeklyDigestMail[]
    assert.instanceOf(sent, WeeklyDigestMail)
    await sent.buildWithContents()
    const message = sent.message.toJSON().message
    assert.isTrue(sent.message.hasTo(reader.email))
    assert.equal(message.subject, 'Your Spendlens research digest: 2 Dec – 8 Dec 2024')
    const html = String(message.html)
    const text = String(message.text)
    for (const body of [html, text]) {
      assert.include(body, themes.tariffs.name)
      assert.include(body, 'NEW')
      assert.include(body, 'Oil: OPEC+ keeps barrels off the market')
      assert.notInclude(body, 'Private oil note')
      assert.notInclude(body, 'Old oil note')
      assert.match(body, /\/unsubscribe\/\d+\?/)
      assert.match(body, /\/research-discovery\/research\/\d+\?from=digest/)
      // A theme opens the research of the week ranked, not the theme's whole history; its
      // counts are the market's, and say so.
      const amp = body === html ? '&amp;' : '&'
      assert.include(
        body,
        `/research-discovery/research?themeIds=${themes.tariffs.id}${amp}startDate=2024-12-02${amp}endDate=2024-12-08`
      )
      assert.include(body, 'providers across the market')
    }
    // At phone width: no fixed width wider than a phone, the card fluid up to 560 px.
    assert.notMatch(html, /width="(?:[4-9]\d\d|\d{4,})"/)
    assert.notMatch(html, /(?<!max-)width:\s*(?:[4-9]\d\d|\d{4,})px/)
    assert.include(html, 'max-width:560px')
    assert.include(html, 'name="viewport"')
    const headers = (message.headers ?? {}) as Record<string, unknown>
    assert.match(String(headers['List-Unsubscribe'] ?? ''), /unsubscribe/)
    const runs = await db.from('research_digest_runs').where('user_id', reader.id)
    assert.lengthOf(runs, 1)
    assert.isNotNull(runs[0].sent_at)
  })

  test('once a week: running again sends nothing more', async ({ assert, cleanup }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const { reader } = await digestWorld()
    await sendWeeklyDigests({ asOf, email: reader.email })
    const again = await sendWeeklyDigests({ asOf, email: reader.email })
    assert.equal(again[0].outcome, 'already_sent')
    assert.lengthOf(mails.sent(), 1)
  })

  test('skipped: nothing new that week; not subscribed, unverified, disabled, or without Research Insights', async ({
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const { team, reader } = await digestWorld()
    // A week with neither a ranking nor new documents.
    const quiet = await sendWeeklyDigests({
      asOf: DateTime.fromISO('2023-03-06', { zone: 'utc' }),
      email: reader.email,
    })
    assert.deepEqual(quiet, [
      { email: reader.email, outcome: 'skipped_empty', themes: 0, documents: 0 },
    ])
    mails.assertNoneSent()

    const unsubscribed = await makeUser({ teams: [team] })
    const unverified = await subscriber(team, { emailVerified: false })
    const disabled = await subscriber(team)
    await db
      .from('users')
      .where('id', disabled.id)
      .update({
        disabled_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat),
      })
    const elsewhere = await subscriber(await makeTeam({ modules: [MODULES.rsaBudgets] }))
    const outcomes = await sendWeeklyDigests({ asOf })
    const emails = outcomes.map((entry) => entry.email)
    assert.include(emails, reader.email)
    for (const user of [unsubscribed, unverified, disabled, elsewhere]) {
      assert.notInclude(emails, user.email)
    }
  })

  test('digest:send --dry-run reports and sends nothing; --user for someone without the digest is refused', async ({
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    cleanup(() => mail.restore())
    const { reader } = await digestWorld()
    const dry = await ace.exec('digest:send', [
      '--dry-run',
      '--as-of',
      MONDAY,
      '--user',
      reader.email,
    ])
    assert.equal(dry.exitCode, 0)
    mails.assertNoneSent()
    const runs = await db.from('research_digest_runs').count('* as n').first()
    assert.equal(Number(runs!.n), 0)
    const unknown = await ace.exec('digest:send', ['--user', 'nobody@example.com'])
    assert.equal(unknown.exitCode, 1)
    const badDay = await ace.exec('digest:send', ['--as-of', 'monday'])
    assert.equal(badDay.exitCode, 1)
  })
})
