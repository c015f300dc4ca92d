import db from '@adonisjs/lucid/services/db'
import Feedback from '#models/feedback'
import { paginateCounted } from '#services/db/paginate'

export interface FeedbackInput {
  userId: number
  teamId: number | null
  rating: number
  feedbackText: string
  route: string | null
}

export async function submitFeedback(input: FeedbackInput) {
  return Feedback.create({
    userId: input.userId,
    teamId: input.teamId,
    rating: input.rating,
    feedbackText: input.feedbackText.length ? input.feedbackText : null,
    route: input.route,
  })
}

/**
 * Feedback for administrators, newest first, with who sent it and for which team, paginated
 * in SQL (two queries whatever the volume). The joins only name the sender and the team: the
 * total counts the feedback alone.
 */
export async function feedbackPage(page: number, perPage = 25) {
  const rows = db
    .from('feedback')
    .leftJoin('users', 'users.id', 'feedback.user_id')
    .leftJoin('teams', 'teams.id', 'feedback.team_id')
    .select(
      'feedback.id',
      'feedback.rating',
      'feedback.feedback_text',
      'feedback.route',
      'feedback.created_at',
      'users.name as user_name',
      'users.email as user_email',
      'teams.name as team_name'
    )
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
  const result = await paginateCounted(rows, db.from('feedback'), page, perPage)
  const json = result.toJSON()
  return {
    meta: {
      total: Number(json.meta.total),
      perPage: Number(json.meta.perPage),
      currentPage: Number(json.meta.currentPage),
      lastPage: Number(json.meta.lastPage),
    },
    data: (json.data as Record<string, any>[]).map((row) => ({
      id: row.id as number,
      rating: Number(row.rating),
      text: (row.feedback_text as string | null) ?? '',
      route: (row.route as string | null) ?? '',
      createdAt: new Date(row.created_at).toISOString(),
      userName: (row.user_name as string | null) ?? 'Deleted user',
      userEmail: (row.user_email as string | null) ?? '',
      teamName: (row.team_name as string | null) ?? '—',
    })),
  }
}
