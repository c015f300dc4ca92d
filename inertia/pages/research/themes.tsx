import { useMemo, useState } from 'react'
import { Link } from '@inertiajs/react'
import { Card } from '~/components/ui/card'
import { ResearchPage } from '~/components/research/research_page'
import { EmptyState, StarButton, StarIcon } from '~/components/research/research_ui'
import { useThemeStars } from '~/components/research/use_research_toggles'
import {
  plural,
  researchDate,
  themeResearchHref,
  useResearchLocale,
} from '~/components/research/format'
import type { ThemeGroupNode, ThemeNode } from '@shared/research_views'
import { useDates } from '~/hooks/use_dates'

interface Props {
  mode: 'all' | 'mine'
  groups: ThemeGroupNode[]
}

const countThemes = (groups: ThemeGroupNode[]): number =>
  groups.reduce((sum, group) => sum + group.themes.length + countThemes(group.children), 0)

/** The groups holding a theme whose name (or whose group's name) contains the words. */
function filterGroups(groups: ThemeGroupNode[], words: string): ThemeGroupNode[] {
  if (!words) return groups
  return groups.flatMap((group) => {
    if (group.name.toLowerCase().includes(words)) return [group]
    const themes = group.themes.filter((theme) => theme.name.toLowerCase().includes(words))
    const children = filterGroups(group.children, words)
    return themes.length || children.length ? [{ ...group, themes, children }] : []
  })
}

export default function ThemesPage({ mode, groups }: Props) {
  const mine = mode === 'mine'
  const locale = useResearchLocale()
  const stars = useThemeStars()
  const [query, setQuery] = useState('')
  const words = query.trim().toLowerCase()
  const shown = useMemo(() => filterGroups(groups, words), [groups, words])
  const total = useMemo(() => countThemes(groups), [groups])
  const matching = useMemo(() => countThemes(shown), [shown])

  return (
    <ResearchPage
      title={mine ? 'My themes' : 'All themes'}
      current={mine ? 'my-themes' : 'themes'}
      description={
        mine
          ? 'The themes you star, with what is new on each: the documents published since your last visit here (or since you starred the theme) that you have not opened. Their new documents appear in My research and in your weekly digest.'
          : 'Every theme of the research taxonomy by group, with the documents your team can read on each. Star a theme to follow it in My themes, My research and your weekly digest.'
      }
    >
      {total === 0 ? (
        mine ? (
          <EmptyState title="You do not follow any theme yet">
            <p>
              Star a theme (the{' '}
              <StarIcon filled={false} className="inline size-4 align-text-bottom" />
              <span className="sr-only">star</span> button next to its name) in{' '}
              <Link
                href="/research-discovery/themes"
                className="font-medium text-brand-700 underline"
              >
                All themes
              </Link>{' '}
              or on{' '}
              <Link
                href="/research-discovery/trending-themes"
                className="font-medium text-brand-700 underline"
              >
                Trending themes
              </Link>
              . Starred themes are listed here with the documents you have not read, and their new
              documents reach My research and your weekly digest.
            </p>
          </EmptyState>
        ) : (
          <EmptyState title="No theme to show">
            <p>The theme taxonomy is empty for now. Themes appear here once research is tagged.</p>
          </EmptyState>
        )
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <label htmlFor="theme-filter" className="text-sm font-medium text-slate-700">
                Find a theme
              </label>
              <input
                id="theme-filter"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                maxLength={100}
                autoComplete="off"
                className="w-64 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
              />
            </div>
            <p role="status" className="text-sm text-slate-600">
              {words
                ? `${plural(matching, 'theme')} of ${total.toLocaleString(locale)} match “${query.trim()}”`
                : plural(total, mine ? 'starred theme' : 'theme')}
            </p>
          </div>
          {shown.length === 0 ? (
            <EmptyState title={`No theme matches “${query.trim()}”`}>
              <p>Try part of the name, or a group such as “Rates” or “Energy”.</p>
            </EmptyState>
          ) : (
            <div className="grid items-start gap-4 xl:grid-cols-2">
              {shown.map((group) => (
                <Card key={group.id} padding="none" className="min-w-0 overflow-hidden">
                  <GroupSection group={group} level={2} mine={mine} locale={locale} stars={stars} />
                </Card>
              ))}
            </div>
          )}
        </>
      )}
    </ResearchPage>
  )
}

type Stars = ReturnType<typeof useThemeStars>

function GroupSection({
  group,
  level,
  mine,
  locale,
  stars,
  path = [],
}: {
  group: ThemeGroupNode
  level: 2 | 3 | 4
  mine: boolean
  locale: string
  stars: Stars
  path?: string[]
}) {
  const Heading = `h${level}` as const
  const trail = [...path, group.name]
  return (
    <div className={level === 2 ? '' : 'border-t border-slate-100'}>
      <Heading
        className={
          level === 2
            ? 'bg-slate-50 px-4 py-3 text-base font-semibold text-slate-900'
            : 'px-4 pt-3 pb-1 text-sm font-semibold text-slate-700'
        }
      >
        {group.name}
      </Heading>
      {group.themes.length ? (
        <ThemeTable
          caption={trail.join(' › ')}
          themes={group.themes}
          mine={mine}
          locale={locale}
          stars={stars}
        />
      ) : null}
      {group.children.map((child) => (
        <GroupSection
          key={child.id}
          group={child}
          level={level === 2 ? 3 : 4}
          mine={mine}
          locale={locale}
          stars={stars}
          path={trail}
        />
      ))}
    </div>
  )
}

function ThemeTable({
  caption,
  themes,
  mine,
  locale,
  stars,
}: {
  caption: string
  themes: ThemeNode[]
  mine: boolean
  locale: string
  stars: Stars
}) {
  const dates = useDates()
  const count = (value: number) => value.toLocaleString(locale)
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Themes in {caption}, with their documents</caption>
      <thead className="text-xs text-slate-500">
        <tr>
          <th scope="col" className="px-4 py-1.5 text-left font-medium">
            Theme
          </th>
          <th scope="col" className="w-16 px-2 py-1.5 text-right font-medium">
            <span className="sr-only">Documents, last </span>7 days
          </th>
          <th scope="col" className="w-16 px-2 py-1.5 text-right font-medium">
            <span className="sr-only">Documents, last </span>30 days
          </th>
          <th scope="col" className="w-16 py-1.5 pr-4 pl-2 text-right font-medium">
            All<span className="sr-only"> documents</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {themes.map((theme) => {
          const starred = stars.isStarred(theme.id, theme.is_starred)
          return (
            <tr key={theme.id} className="align-middle hover:bg-slate-50">
              <th scope="row" className="py-1 pr-2 pl-2 text-left font-normal">
                <span className="flex min-w-0 items-center gap-1">
                  <StarButton
                    themeName={theme.name}
                    starred={starred}
                    pending={stars.isStarPending(theme.id)}
                    onToggle={() => stars.toggleStar(theme.id, starred)}
                  />
                  <Link
                    href={themeResearchHref(theme.id)}
                    className="min-w-0 font-medium break-words text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {theme.name}
                  </Link>
                  {mine && theme.unreadCount ? (
                    <span
                      className="text-brand-800 ml-1 shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-brand-600/20 ring-inset"
                      title={
                        theme.unreadSince
                          ? `Published since ${researchDate(theme.unreadSince, dates.locale)}, not opened`
                          : undefined
                      }
                    >
                      {count(theme.unreadCount)} new
                      {theme.unreadSince ? (
                        <span className="sr-only">
                          {' '}
                          since {researchDate(theme.unreadSince, dates.locale)}, not opened
                        </span>
                      ) : null}
                    </span>
                  ) : null}
                  {mine && !starred ? (
                    <span className="ml-1 shrink-0 text-xs text-slate-500">Unstarred</span>
                  ) : null}
                </span>
              </th>
              <td className="px-2 py-1 text-right text-slate-700 tabular-nums">
                {count(theme.documentCount7d)}
              </td>
              <td className="px-2 py-1 text-right text-slate-700 tabular-nums">
                {count(theme.documentCount30d)}
              </td>
              <td className="py-1 pr-4 pl-2 text-right text-slate-700 tabular-nums">
                {count(theme.documentCount)}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
