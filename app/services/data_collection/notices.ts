import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { DateTime } from 'luxon'
import { appUrl } from '#config/app'
import { sendOnce } from '#services/mail/send_once'
import { linkForTeam } from '#services/teams/team_switch'
import DataCollectionOpenedMail from '#mails/data_collection_opened_mail'
import { DEFAULT_LOCALE, formatDate } from '#shared/dates'
import { MODULES } from '#shared/modules'
import { COLLECTION_KIND_LABELS, type CollectionRoundKind } from '#shared/data_collection_rounds'

/*
 * Telling a team's members that it was asked for data. The notices are written with the round
 * (same transaction: a round without its notices never exists), one per collection and active
 * member with a confirmed address, and mailed by a job on the mail queue. Each notice is claimed
 * before its mail goes out, so a member is told once however often the job runs; at sending,
 * a member who left the team, a disabled account, a closed collection or a team that lost the
 * module gets nothing.
 */

/** The module a member's team must still hold, and the page the mail opens, per kind. */
const KIND_MODULES: Record<CollectionRoundKind, string> = {
  rsa: MODULES.rsaBudgets,
  market_data: MODULES.marketDataDataCollection,
}
const KIND_PAGES = { rsa: 'rsaDataCollection', market_data: 'marketDataTemplates' } as const

export interface RoundRef {
  kind: CollectionRoundKind
  year: number
  name: string
}

/** The collections of a round, for the queries below. */
function roundCollections(client: TransactionClientContract | typeof db, round: RoundRef) {
  return client
    .from('data_collections')
    .where({ kind: round.kind, year: round.year, name: round.name })
    .select('id')
}

/**
 * Writes a notice for each active, confirmed member of the given teams' collections in the
 * round (inside the round's transaction). Returns how many members will be told.
 */
export async function queueRoundNotices(
  trx: TransactionClientContract,
  round: RoundRef,
  teamIds: number[]
) {
  const createdAt = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
  let queued = 0
  for (let index = 0; index < teamIds.length; index += 200) {
    const members = await trx
      .from('data_collections as c')
      .join('team_user as tu', 'tu.team_id', 'c.team_id')
      .join('users as u', 'u.id', 'tu.user_id')
      .whereIn('c.id', roundCollections(trx, round))
      .whereIn('c.team_id', teamIds.slice(index, index + 200))
      .whereNull('u.disabled_at')
      .whereNotNull('u.email_verified_at')
      .select('c.id as collection_id', 'u.id as user_id')
    for (let start = 0; start < members.length; start += 500) {
      await trx.table('data_collection_notices').multiInsert(
        members.slice(start, start + 500).map((row) => ({
          data_collection_id: row.collection_id,
          user_id: row.user_id,
          created_at: createdAt,
        }))
      )
    }
    queued += members.length
  }
  return queued
}

/**
 * Mails the round's notices not yet sent. Safe to run again: each notice is claimed first, and
 * one claimed already is never sent twice.
 */
export async function sendRoundNotices(round: RoundRef) {
  const outcome = { sent: 0, skipped: 0 }
  const rows = await db
    .from('data_collection_notices as n')
    .join('data_collections as c', 'c.id', 'n.data_collection_id')
    .join('teams as t', 't.id', 'c.team_id')
    .join('users as u', 'u.id', 'n.user_id')
    .leftJoin('team_user as tu', (join) =>
      join.on('tu.team_id', '=', 'c.team_id').andOn('tu.user_id', '=', 'u.id')
    )
    .whereIn('c.id', roundCollections(db, round))
    .whereNull('n.notified_at')
    .orderBy('n.id')
    .select(
      'n.id',
      'c.status',
      'c.due_date',
      't.id as team_id',
      't.name as team_name',
      'u.name',
      'u.email',
      'u.disabled_at',
      'tu.id as membership_id'
    )
  if (rows.length === 0) return outcome
  const holders = await db
    .from('team_modules as tm')
    .join('modules as m', 'm.id', 'tm.module_id')
    .where('m.internal_name', KIND_MODULES[round.kind])
    .whereIn('tm.team_id', [...new Set(rows.map((row) => Number(row.team_id)))])
    .select('tm.team_id')
  const holding = new Set(holders.map((row) => Number(row.team_id)))
  const what = `${COLLECTION_KIND_LABELS[round.kind].toLowerCase()} for ${round.year}`
  const page = urlFor(KIND_PAGES[round.kind], {}, { prefixUrl: appUrl })

  for (const row of rows) {
    const teamId = Number(row.team_id)
    const tell =
      row.status === 'open' &&
      row.membership_id !== null &&
      row.disabled_at === null &&
      holding.has(teamId)
    const claimed = await sendOnce('data_collection_notices', Number(row.id), async () => {
      if (!tell) return
      const due = row.due_date instanceof Date ? row.due_date.toISOString() : String(row.due_date)
      await mail.send(
        new DataCollectionOpenedMail({
          to: { email: row.email, name: row.name },
          teamName: row.team_name,
          collectionName: round.name,
          what,
          due: formatDate(due.slice(0, 10), DEFAULT_LOCALE),
          // The link names the collection's team: it opens there whatever team the reader
          // works in.
          url: linkForTeam(page, teamId),
        })
      )
    })
    if (claimed) outcome[tell ? 'sent' : 'skipped'] += 1
  }
  return outcome
}
