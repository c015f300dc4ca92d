import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import type User from '#models/user'
import { insertReturningId } from '#services/db/insert'
import { makeUser } from '#tests/helpers/accounts'
import { researchMember, researchTeam } from '#tests/helpers/research'

/*
 * Research requests worlds for the administration's tests: requests written as clients send
 * them (any status, any date), the research administrators who may be assigned, and the calls
 * the pages make.
 */

export const REQUESTS_ADMIN = '/admin/research-discovery/requests'

let sequence = 0
const sqlTime = (iso: string) =>
  DateTime.fromISO(iso, { zone: 'utc' }).toFormat(db.connection().dialect.dateTimeFormat)

export async function makeRequest(input: {
  team: { id: number }
  user: { id: number } | null
  topic?: string
  status?: string
  neededBy: string
  createdAt: string
  assigneeId?: number | null
}) {
  const n = ++sequence
  return insertReturningId(db, 'research_requests', {
    reference: `RR-2099-${String(n).padStart(4, '0')}`,
    team_id: input.team.id,
    user_id: input.user?.id ?? null,
    topic: input.topic ?? `Request ${n}`,
    description: 'A description long enough to be a request of the research team.',
    asset_class: 'equities',
    region: 'global',
    theme_ids: '[]',
    needed_by: input.neededBy,
    status: input.status ?? 'submitted',
    assignee_id: input.assigneeId ?? null,
    created_at: sqlTime(input.createdAt),
    updated_at: sqlTime(input.createdAt),
  })
}

/** An administrator who works on research discovery (may be assigned requests). */
export function researchAdministrator() {
  return makeUser({
    isAdministrator: true,
    roles: ['Research administrator'],
    passwordChangedAt: DateTime.fromJSDate(new Date()),
  })
}

/** A team sending requests, with a member. */
export async function requestingTeam(name: string) {
  const team = await researchTeam(name)
  const member = await researchMember(team)
  return { team, member }
}

export function postRequest(
  client: ApiClient,
  user: User,
  id: number,
  action: 'assign' | 'status' | 'answer',
  body: Record<string, unknown>
) {
  return client
    .post(`${REQUESTS_ADMIN}/${id}/${action}`)
    .withCsrfToken()
    .header('accept', 'application/json')
    .json(body)
    .header('referer', `${REQUESTS_ADMIN}/${id}`)
    .loginAs(user)
    .redirects(0)
}

export async function requestRow(id: number) {
  return db
    .from('research_requests')
    .where('id', id)
    .select('status', 'assignee_id', 'response')
    .firstOrFail()
}

/** A refusal's messages by field. */
export const errorsOf = (body: any): Record<string, string> =>
  Object.fromEntries(
    (body.errors as { field: string; message: string }[]).map((error) => [
      error.field,
      error.message,
    ])
  )

/** One column of a request as stored (the assignee as a number). */
export async function requestField(id: number, field: 'status' | 'assignee_id' | 'response') {
  const row = await requestRow(id)
  if (field === 'assignee_id') return row.assignee_id === null ? null : Number(row.assignee_id)
  return row[field] as string | null
}
