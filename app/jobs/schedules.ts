import ComputeTrendingThemesJob from '#jobs/compute_trending_themes_job'
import SendWeeklyDigestsJob from '#jobs/send_weekly_digests_job'

/**
 * The recurring jobs, written (or updated, by their ids) when a worker starts; whichever
 * worker is polling dispatches them when due, once.
 *
 * - Trending themes: every day at 02:15 UTC, the week before that day.
 * - Weekly research digest: Mondays at 07:00 UTC (London morning, before the open).
 */
export async function registerSchedules() {
  await ComputeTrendingThemesJob.schedule({}).id('research-trending-daily').cron('15 2 * * *').run()
  await SendWeeklyDigestsJob.schedule({})
    .id('research-digest-weekly')
    .cron('0 7 * * 1')
    .timezone('UTC')
    .run()
}
