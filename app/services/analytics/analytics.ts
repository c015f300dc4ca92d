import AnalyticsEvent from '#models/analytics_event'

export interface AnalyticsInput {
  userId: number | null
  teamId: number | null
  category: string
  action: string
  label?: string | null
  route?: string | null
  properties?: Record<string, string | number | boolean> | null
}

/**
 * First-party analytics: events are stored in our own database, never sent to a third party.
 */
export async function recordEvent(input: AnalyticsInput) {
  await AnalyticsEvent.create({
    userId: input.userId,
    teamId: input.teamId,
    category: input.category,
    action: input.action,
    label: input.label ?? null,
    route: input.route ?? null,
    properties: input.properties ? JSON.stringify(input.properties) : null,
  })
}
