import { Link } from '@inertiajs/react'
import { ResearchPage } from '~/components/research/research_page'
import {
  EmptyState,
  MovementBadge,
  ProviderName,
  StarButton,
} from '~/components/research/research_ui'
import { Sparkline } from '~/components/research/sparkline'
import { ThemeHeatmap } from '~/components/research/theme_heatmap'
import { useThemeStars } from '~/components/research/use_research_toggles'
import {
  articleHref,
  plural,
  researchDate,
  themeResearchHref,
  useResearchLocale,
} from '~/components/research/format'
import {
  TRENDING_HISTORY_WEEKS,
  TRENDING_MIN_PROVIDERS,
  TRENDING_WINDOW_DAYS,
} from '@shared/research'
import type { HeatmapView, TrendingResponse, TrendingThemeView } from '@shared/research_views'
import { useDates } from '~/hooks/use_dates'

interface Props {
  trending: TrendingResponse
  heatmap: HeatmapView
  spend: { hasSpendData: boolean; paidProviderCount: number }
}

/**
 * TrendingThemeView does not carry the user's star yet: read it when the server sends it,
 * otherwise the star starts off (starring again is harmless: the server keeps one star).
 */
const serverStarred = (theme: TrendingThemeView) =>
  (theme as TrendingThemeView & { is_starred?: boolean }).is_starred ?? false

/** The last day of a period whose end is exclusive (midnight after its last day). */
const lastDay = (end: string) => new Date(Date.parse(end) - 1).toISOString()

export default function TrendingThemesPage({ trending, heatmap, spend }: Props) {
  const locale = useResearchLocale()
  const dates = useDates()
  const { isStarred, toggleStar, isStarPending } = useThemeStars()
  const { trendingThemes, updatedAt, period, isStale } = trending
  const week = period
    ? `${researchDate(period.start, dates.locale)} to ${researchDate(lastDay(period.end), dates.locale)}`
    : null

  const stamp = [
    week ? `Ranking of the week of ${week}` : null,
    updatedAt ? `computed ${researchDate(updatedAt, dates.locale)}` : null,
  ]
    .filter(Boolean)
    .join(', ')

  return (
    <ResearchPage
      title="Trending themes"
      current="trending"
      description={
        <>
          <p>
            The themes the market writes most about: documents of the last {TRENDING_WINDOW_DAYS}{' '}
            days, each provider’s volume damped so that one prolific bank cannot own a theme. A
            theme needs at least {TRENDING_MIN_PROVIDERS} providers to rank; movement compares with
            last week’s list.
          </p>
          {stamp ? <p className="mt-1 font-medium text-slate-700">{stamp}.</p> : null}
          <p className="mt-1">
            The ranking counts every provider’s research; the documents and providers on each card
            and in the heat map are those your team can read.
          </p>
        </>
      }
    >
      {isStale && period ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p className="font-medium">
            This ranking is out of date: it is of the week of {week}, {weeksAgo(period.end)}.
          </p>
          <p className="mt-1">
            No newer week has been ranked, so no research published since is counted here. For the
            latest documents, see{' '}
            <Link
              href="/research-discovery/research"
              className="font-medium text-amber-900 underline"
            >
              all research
            </Link>
            , newest first.
          </p>
        </div>
      ) : null}
      {spend.hasSpendData ? (
        <p className="mb-4 text-sm text-slate-600">
          Your team pays {plural(spend.paidProviderCount, 'research provider')}: each theme says how
          many of them wrote on it in the ranked week, and their documents carry a{' '}
          <span className="font-medium text-emerald-800">Paid</span> tag.
        </p>
      ) : null}

      {trendingThemes.length === 0 ? (
        <EmptyState title="No trending themes yet">
          <p>
            The ranking is computed weekly from the research your team can read. It appears here
            once a week of documents has been ranked; in the meantime, browse{' '}
            <Link
              href="/research-discovery/research"
              className="font-medium text-brand-700 underline"
            >
              all research
            </Link>{' '}
            or{' '}
            <Link
              href="/research-discovery/themes"
              className="font-medium text-brand-700 underline"
            >
              all themes
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <ol
          aria-label="Trending themes, highest ranked first"
          className="grid gap-4 xl:grid-cols-2"
        >
          {trendingThemes.map((theme) => (
            <TrendingCard
              key={theme.theme_id}
              theme={theme}
              period={period}
              locale={locale}
              paidProviderTotal={spend.paidProviderCount}
              starred={isStarred(theme.theme_id, serverStarred(theme))}
              starPending={isStarPending(theme.theme_id)}
              onToggleStar={(starred) => toggleStar(theme.theme_id, starred)}
            />
          ))}
        </ol>
      )}

      {heatmap.themes.length > 0 && heatmap.weeks.length > 0 ? (
        <div className="mt-8">
          <ThemeHeatmap heatmap={heatmap} />
        </div>
      ) : null}
    </ResearchPage>
  )
}

/** "3 weeks ago" from the end of a week (exclusive) to today. */
function weeksAgo(end: string) {
  const days = Math.floor((Date.now() - Date.parse(end)) / 86_400_000) + 1
  if (days < 14) return `${plural(days, 'day')} ago`
  if (days < 120) return `${plural(Math.floor(days / 7), 'week')} ago`
  return `${plural(Math.floor(days / 30.4), 'month')} ago`
}

function TrendingCard({
  theme,
  period,
  locale,
  paidProviderTotal,
  starred,
  starPending,
  onToggleStar,
}: {
  theme: TrendingThemeView
  period: TrendingResponse['period']
  locale: string
  paidProviderTotal: number
  starred: boolean
  starPending: boolean
  onToggleStar: (starred: boolean) => void
}) {
  const dates = useDates()
  const headingId = `trending-theme-${theme.theme_id}`
  return (
    <li
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <p className="w-10 shrink-0 text-2xl font-semibold text-slate-500 tabular-nums">
          <span className="sr-only">Rank </span>
          {theme.rank}
        </p>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              <Link
                href={themeResearchHref(theme.theme_id)}
                className="hover:text-brand-700 hover:underline"
              >
                {theme.theme}
              </Link>
            </h2>
            <MovementBadge movement={theme.movement} />
            {theme.editorsPick ? (
              <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                Editor&rsquo;s pick
              </span>
            ) : null}
          </div>
          <p className="text-sm text-slate-500">{theme.group}</p>
        </div>
        <StarButton
          themeName={theme.theme}
          starred={starred}
          pending={starPending}
          onToggle={() => onToggleStar(starred)}
        />
      </div>

      <div className="mt-4 flex flex-wrap items-end justify-between gap-4 pl-14">
        <dl className="flex gap-6 text-sm">
          <div>
            <dt className="text-xs text-slate-500">Documents you can read</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">
              {period && theme.documentCount > 0 ? (
                <Link
                  href={themeResearchHref(theme.theme_id, {
                    start: period.start,
                    end: lastDay(period.end),
                  })}
                  className="text-brand-700 hover:underline"
                  aria-label={`${plural(theme.documentCount, 'document')} on ${theme.theme} that week you can read`}
                >
                  {theme.documentCount.toLocaleString(locale)}
                </Link>
              ) : (
                theme.documentCount.toLocaleString(locale)
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Their providers</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">
              {theme.providerCount.toLocaleString(locale)}
            </dd>
          </div>
        </dl>
        <div className="flex flex-col items-end">
          <Sparkline
            values={theme.sparkline}
            label={`Documents a week on ${theme.theme}, last ${theme.sparkline.length || TRENDING_HISTORY_WEEKS} weeks`}
          />
          <span className="mt-0.5 text-[11px] text-slate-500" aria-hidden="true">
            last {theme.sparkline.length} weeks
          </span>
        </div>
      </div>

      {theme.paidProviderCount !== null ? (
        <p className="mt-3 pl-14 text-sm text-slate-700">
          <span className="font-medium text-emerald-800">
            {theme.paidProviderCount.toLocaleString(locale)} of your{' '}
            {paidProviderTotal.toLocaleString(locale)} paid{' '}
            {paidProviderTotal === 1 ? 'provider' : 'providers'}
          </span>{' '}
          wrote on this theme in the ranked week.
        </p>
      ) : null}

      {theme.relatedDocuments.length ? (
        <div className="mt-4 border-t border-slate-100 pt-3 pl-14">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Top documents
          </h3>
          <ul className="mt-2 space-y-2">
            {theme.relatedDocuments.map((document) => (
              <li key={document.id} className="text-sm">
                <Link
                  href={articleHref(document.id)}
                  className="font-medium break-words text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {document.title}
                </Link>
                <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
                  <ProviderName name={document.provider.name} isPaid={document.provider.isPaid} />
                  <span aria-hidden="true">·</span>
                  <time dateTime={document.published_date}>
                    {researchDate(document.published_date, dates.locale)}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-auto pt-4 pl-14">
        <Link
          href={themeResearchHref(theme.theme_id)}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          All research on {theme.theme}
        </Link>
      </div>
    </li>
  )
}
