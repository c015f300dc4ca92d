import { ANALYST_STATUSES, MOVE_TYPES, type AnalystStatus, type MoveType } from '#shared/providers'
import { employerAfter } from '#services/providers/admin/rules'

/*
 * Whether an analyst's moves tell one possible career, pure, so that the moves form and the
 * import refuse the same histories in the same words: every move leaves from where the analyst
 * was that day, nobody moves before starting in the industry or with more experience than the
 * years since, and an analyst's first recorded move agrees with the roster's word on where they
 * work (the roster is the only witness while no move is recorded).
 */

export interface TimelineMove {
  /** Names the move across two versions of a timeline (a stored id, a file row…). */
  key: string
  /** ISO date. */
  date: string
  type: MoveType
  from: number | null
  to: number | null
  /** The experience the move records; null when it will be derived from the start year. */
  experience: number | null
}

/** The roster's word on an analyst who has no recorded move yet. */
export interface RosterState {
  providerId: number | null
  status: AnalystStatus
  /** When the current role began (ISO date), when known. */
  roleStartDate: string | null
}

export type TimelineField = 'event_date' | 'type' | 'from' | 'to' | 'experience'

export interface TimelineProblem {
  /** The move at fault, as an index into the moves given, and its key. */
  index: number
  key: string
  field: TimelineField
  message: string
}

/** The most years of experience an analyst can have at a date: the years since their start. */
export function maxExperienceAt(date: string, industryStartYear: number) {
  return Number(date.slice(0, 4)) - industryStartYear
}

const stateOf = (state: { providerId: number | null; status: AnalystStatus }) =>
  `${state.providerId}|${state.status}`

/**
 * The problems of an analyst's moves, sorted by date (the order the statistics use), once
 * written: one per move at most, the earliest first. `roster` is given only when the analyst
 * has no recorded move besides these (the roster then says where the career goes to or comes
 * from); `providerName` names a provider in the messages.
 */
export function timelineProblems(input: {
  analystName: string
  industryStartYear: number
  roster: RosterState | null
  moves: TimelineMove[]
  providerName: (id: number) => string
}): TimelineProblem[] {
  const { analystName: who, industryStartYear: startYear, moves } = input
  const at = (providerId: number | null) =>
    providerId === null ? 'no tracked provider' : input.providerName(providerId)
  const described = (move: TimelineMove) => `${MOVE_TYPES[move.type].toLowerCase()} on ${move.date}`
  const problems: TimelineProblem[] = []

  moves.forEach((move, index) => {
    const year = Number(move.date.slice(0, 4))
    if (year < startYear) {
      problems.push({
        index,
        key: move.key,
        field: 'event_date',
        message: `The move on ${move.date} is before ${who} started in the industry (${startYear}).`,
      })
      return
    }
    const most = maxExperienceAt(move.date, startYear)
    if (move.experience !== null && move.experience > most) {
      problems.push({
        index,
        key: move.key,
        field: 'experience',
        message: `${who} started in the industry in ${startYear}: on ${move.date} they had at most ${most} ${most === 1 ? 'year' : 'years'} of experience, not ${move.experience}.`,
      })
      return
    }
    if (index === 0) return
    const previous = moves[index - 1]
    const before = employerAfter(previous)
    if (move.type === 'returned') {
      if (before.status !== 'left_industry') {
        problems.push({
          index,
          key: move.key,
          field: 'type',
          message: `${who} had not left the industry on ${move.date} (the ${described(previous)} left them at ${at(before.providerId)}): a return needs a departure first.`,
        })
      }
      return
    }
    if (before.status === 'left_industry') {
      problems.push({
        index,
        key: move.key,
        field: 'type',
        message: `${who} left the industry on ${previous.date}: record their return before the ${described(move)}.`,
      })
      return
    }
    if (move.from !== before.providerId) {
      problems.push({
        index,
        key: move.key,
        field: 'from',
        message: `On ${move.date} ${who} was at ${at(before.providerId)} (the ${described(previous)}), not ${at(move.from)}: a move leaves from where the analyst was.`,
      })
    }
  })
  if (problems.length || !input.roster || moves.length === 0) return problems

  // No recorded move yet: the career either leaves the roster's place (not before the current
  // role began) or arrives there (not after it began).
  const roster = input.roster
  const first = moves[0]
  const last = moves.at(-1)!
  const since = roster.providerId !== null ? roster.roleStartDate : null
  const leaves =
    first.type === 'returned'
      ? roster.status === 'left_industry'
      : roster.status === 'active' && first.from === roster.providerId
  const arrives = stateOf(employerAfter(last)) === stateOf(roster)
  if (leaves && (since === null || first.date >= since)) return problems
  if (arrives && (since === null || last.date <= since)) return problems

  const place =
    roster.status === 'left_industry'
      ? 'out of the industry'
      : `at ${at(roster.providerId)}${since ? ` since ${since}` : ''}`
  if (leaves) {
    problems.push({
      index: 0,
      key: first.key,
      field: 'event_date',
      message: `The roster has ${who} ${place}: a move leaving ${at(roster.providerId)} cannot be dated before the role began.`,
    })
  } else if (arrives) {
    problems.push({
      index: moves.length - 1,
      key: last.key,
      field: 'event_date',
      message: `The roster has ${who} ${place}: the move that brought them there cannot be dated after the role began.`,
    })
  } else {
    const from = first.type === 'returned' ? 'out of the industry' : at(first.from)
    problems.push({
      index: 0,
      key: first.key,
      field: first.type === 'returned' ? 'type' : 'from',
      message: `The roster has ${who} ${place}, ${ANALYST_STATUSES[roster.status].toLowerCase()}: a first move leaves from there (not ${from}) or brings them there.`,
    })
  }
  return problems
}

/**
 * The problems a change brings: those of the timeline after it that the timeline before it did
 * not have. A change is judged on what it breaks, so that a history recorded before these rules
 * does not block corrections elsewhere in it.
 */
export function problemsBrought(before: TimelineProblem[], after: TimelineProblem[]) {
  const known = new Set(before.map((problem) => `${problem.key}|${problem.field}`))
  return after.filter((problem) => !known.has(`${problem.key}|${problem.field}`))
}
