import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider } from '#tests/helpers/rsa'
import {
  researchDocument,
  researchMember,
  researchTeam,
  researchTheme,
  themeGroup,
} from '#tests/helpers/research'

/*
 * A small world for the research discovery analytics, every figure of which the tests
 * recompute by hand: two providers, two teams of three readers, two themes and their documents,
 * reads, bookmarks, stars, searches, requests and digests over the four weeks 2 to 29 March 2026
 * (`ANALYTICS_RANGE`), with a few rows on either side of it.
 */

export const ANALYTICS_RANGE = '?from=2026-03-02&to=2026-03-29'

const sql = (iso: string) =>
  DateTime.fromISO(iso, { zone: 'utc' }).toFormat(db.connection().dialect.dateTimeFormat)

/**
 * An administrator of research discovery. The password's age is read on the real clock (not the
 * pinned one): it was changed now.
 */
export function analyticsAdministrator() {
  return makeUser({
    isAdministrator: true,
    roles: ['Research administrator'],
    passwordChangedAt: DateTime.fromJSDate(new Date()),
  })
}

export async function analyticsWorld() {
  const administrator = await analyticsAdministrator()
  const alder = await researchProvider('Alder Research', 'independent')
  const beech = await researchProvider('Beech Research', 'independent')
  const ash = await researchTeam('Ash Capital')
  const oak = await researchTeam('Oak Partners')
  const u1 = await researchMember(ash)
  const u2 = await researchMember(ash)
  const u3 = await researchMember(oak)
  const group = await themeGroup('Macro')
  const themeA = await researchTheme('Inflation', group)
  const themeB = await researchTheme('Energy', group)

  const doc = async (
    provider: { id: number },
    publishedAt: string,
    themes: { id: number }[],
    status: 'published' | 'withdrawn' = 'published'
  ) => {
    const { id } = await researchDocument({
      provider,
      title: `Note of ${publishedAt}`,
      publishedAt,
      themes,
      status,
    })
    // Ingested when published.
    await db
      .from('research_documents')
      .where('id', id)
      .update({ created_at: sql(publishedAt) })
    return id
  }
  const d1 = await doc(alder, '2026-03-03T09:00:00Z', [themeA])
  const d2 = await doc(alder, '2026-03-10T09:00:00Z', [themeA, themeB])
  const d3 = await doc(alder, '2026-02-20T09:00:00Z', [themeA])
  const d8 = await doc(alder, '2026-03-12T09:00:00Z', [themeA])
  const d4 = await doc(beech, '2026-03-24T09:00:00Z', [themeB])
  await doc(beech, '2026-03-25T09:00:00Z', [themeB], 'withdrawn')
  const d6 = await doc(beech, '2026-03-17T09:00:00Z', [themeB])
  const d7 = await doc(beech, '2026-03-18T09:00:00Z', [themeB])

  const read = (user: { id: number }, team: { id: number }, documentId: number, at: string) => ({
    user_id: user.id,
    team_id: team.id,
    document_id: documentId,
    channel: 'web',
    opened_at: sql(at),
  })
  await db.table('research_read_events').multiInsert([
    read(u1, ash, d1, '2026-03-03T11:00:00Z'), // 2 h after publication
    read(u2, ash, d1, '2026-03-05T09:00:00Z'),
    read(u1, ash, d1, '2026-03-06T10:00:00Z'),
    read(u1, ash, d2, '2026-03-11T09:00:00Z'), // 24 h
    read(u2, ash, d8, '2026-03-12T10:00:00Z'), // 1 h
    read(u3, oak, d3, '2026-03-02T12:00:00Z'), // an older document read in the range
    read(u3, oak, d4, '2026-03-24T15:00:00Z'), // 6 h
    read(u3, oak, d7, '2026-03-20T09:00:00Z'), // 48 h
    read(u1, ash, d6, '2026-03-30T09:00:00Z'), // after the range
  ])
  await db.table('research_bookmarks').multiInsert([
    { user_id: u1.id, document_id: d1, created_at: sql('2026-03-04T08:00:00Z') },
    { user_id: u3.id, document_id: d4, created_at: sql('2026-03-24T16:00:00Z') },
    { user_id: u2.id, document_id: d2, created_at: sql('2026-03-30T08:00:00Z') },
  ])
  await db.table('research_starred_themes').multiInsert([
    { user_id: u1.id, theme_id: themeA.id, starred_at: sql('2026-03-10T08:00:00Z') },
    { user_id: u3.id, theme_id: themeB.id, starred_at: sql('2026-03-15T08:00:00Z') },
    { user_id: u2.id, theme_id: themeB.id, starred_at: sql('2026-02-01T08:00:00Z') },
  ])
  const search = (
    team: { id: number },
    user: { id: number },
    term: string,
    found: number,
    at: string
  ) => ({
    user_id: user.id,
    team_id: team.id,
    term,
    result_count: found,
    searched_at: sql(at),
  })
  await db
    .table('research_searches')
    .multiInsert([
      search(ash, u1, 'inflation', 5, '2026-03-03T10:00:00Z'),
      search(ash, u1, 'Lithium', 0, '2026-03-10T10:00:00Z'),
      search(oak, u3, 'LITHIUM', 0, '2026-03-17T10:00:00Z'),
      search(ash, u2, 'copper', 0, '2026-03-23T10:00:00Z'),
      search(ash, u2, 'tariffs', 3, '2026-03-29T23:00:00Z'),
      search(ash, u2, 'zinc', 0, '2026-03-30T01:00:00Z'),
    ])
  const request = (team: { id: number }, user: { id: number }, reference: string, at: string) => ({
    reference,
    team_id: team.id,
    user_id: user.id,
    topic: 'Rates outlook',
    description: 'Please cover rates.',
    asset_class: 'rates',
    region: 'global',
    theme_ids: '[]',
    needed_by: '2026-06-01',
    status: 'submitted',
    created_at: sql(at),
    updated_at: sql(at),
  })
  await db
    .table('research_requests')
    .multiInsert([
      request(oak, u3, 'RR-T-0001', '2026-03-10T10:00:00Z'),
      request(ash, u1, 'RR-T-0002', '2026-02-01T10:00:00Z'),
    ])
  const run = (user: { id: number }, week: string, sentAt: string | null) => ({
    user_id: user.id,
    week,
    sent_at: sentAt ? sql(sentAt) : null,
    suppressed_reason: sentAt ? null : 'empty',
    created_at: sql('2026-03-09T06:00:00Z'),
  })
  await db
    .table('research_digest_runs')
    .multiInsert([
      run(u1, '2026-W10', '2026-03-09T06:00:00Z'),
      run(u2, '2026-W10', '2026-03-09T06:00:00Z'),
      run(u3, '2026-W10', null),
      run(u1, '2026-W11', '2026-03-16T06:00:00Z'),
    ])
  const click = (user: { id: number }, week: string, at: string) => ({
    user_id: user.id,
    week,
    target: 'trending',
    document_id: null,
    clicked_at: sql(at),
  })
  await db.table('research_digest_clicks').multiInsert([
    click(u1, '2026-W10', '2026-03-09T08:00:00Z'),
    click(u1, '2026-W10', '2026-03-10T08:00:00Z'),
    click(u1, '2026-W11', '2026-03-16T09:00:00Z'),
    // A click on a digest that was never sent (suppressed) counts nowhere.
    click(u3, '2026-W10', '2026-03-09T09:00:00Z'),
  ])
  return { administrator, alder, beech, ash, oak, themeA, themeB }
}
