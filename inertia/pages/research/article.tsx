import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { Card } from '~/components/ui/card'
import { secondaryLinkClass } from '~/components/ui/button'
import { ResearchPage } from '~/components/research/research_page'
import { BookmarkButton, ProviderName, ThemeChip } from '~/components/research/research_ui'
import { useBookmarks } from '~/components/research/use_research_toggles'
import {
  articleHref,
  plural,
  assetClassLabel,
  regionLabel,
  researchDate,
  themeResearchHref,
  useResearchLocale,
} from '~/components/research/format'
import type { ArticleView } from '@shared/research_views'
import { useDates } from '~/hooks/use_dates'

export default function ArticlePage({ document, moreOnTheme }: ArticleView) {
  const locale = useResearchLocale()
  const dates = useDates()
  const { isBookmarked, toggleBookmark, isBookmarkPending } = useBookmarks()
  const bookmarked = isBookmarked(document.id, document.is_bookmarked)
  const primary = document.primary_theme
  const themes = [
    ...(primary ? [primary] : []),
    ...document.themes.filter((theme) => theme.id !== primary?.id),
  ]
  const requestHref = primary
    ? `/research-discovery/requests?themeIds=${primary.id}`
    : '/research-discovery/requests'
  const none = <span className="text-slate-500">Not given</span>

  return (
    <ResearchPage
      title={document.title}
      current={null}
      description={
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <ProviderName
            name={document.provider.name}
            isPaid={document.provider.isPaid}
            className="font-medium text-slate-800"
          />
          <span aria-hidden="true">·</span>
          <time dateTime={document.published_date}>
            {researchDate(document.published_date, dates.locale)}
          </time>
          <span aria-hidden="true">·</span>
          <span>{document.documentTypeLabel}</span>
          <span aria-hidden="true">·</span>
          <span>{plural(document.pageCount, 'page')}</span>
        </p>
      }
      actions={
        <>
          <BookmarkButton
            title={document.title}
            bookmarked={bookmarked}
            pending={isBookmarkPending(document.id)}
            onToggle={() => toggleBookmark(document.id, bookmarked)}
            showLabel
          />
          <a href={document.fileUrl} download className={secondaryLinkClass}>
            Download PDF
          </a>
          <Link
            href={requestHref}
            className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Request follow-up research
          </Link>
        </>
      }
    >
      {themes.length ? (
        <ul aria-label="Themes" className="mb-4 flex flex-wrap gap-1.5">
          {themes.map((theme) => (
            <li key={theme.id} className="max-w-full">
              <ThemeChip
                name={theme.name}
                starred={theme.is_starred}
                primary={theme.id === primary?.id}
                href={themeResearchHref(theme.id)}
              />
            </li>
          ))}
        </ul>
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          {document.abstract ? (
            <section aria-labelledby="article-abstract">
              <h2 id="article-abstract" className="sr-only">
                Abstract
              </h2>
              <p className="max-w-4xl text-sm leading-6 text-slate-700">{document.abstract}</p>
            </section>
          ) : null}
          <section aria-labelledby="article-pdf">
            <h2 id="article-pdf" className="sr-only">
              The document
            </h2>
            <iframe
              src={document.fileUrl}
              title={`${document.title} (PDF)`}
              className="h-[80vh] min-h-[32rem] w-full rounded-lg border border-slate-200 bg-white shadow-sm"
            />
            <p className="mt-2 text-xs text-slate-500">
              The PDF not showing?{' '}
              <a href={document.fileUrl} download className="font-medium text-brand-700 underline">
                Download it ({document.pageCount.toLocaleString(locale)}{' '}
                {document.pageCount === 1 ? 'page' : 'pages'})
              </a>
              .
            </p>
          </section>
        </div>

        <aside className="space-y-4" aria-label="About this document">
          <Card padding="sm">
            <h2 className="text-sm font-semibold text-slate-900">About this document</h2>
            <dl className="mt-3 space-y-3 text-sm">
              <Detail term="Provider">
                <ProviderName name={document.provider.name} isPaid={document.provider.isPaid} />
                {document.provider.typeLabel ? (
                  <span className="block text-xs text-slate-500">
                    {document.provider.typeLabel}
                  </span>
                ) : null}
              </Detail>
              <Detail term={document.authors.length === 1 ? 'Author' : 'Authors'}>
                {document.authors.length ? document.authors.join(', ') : none}
              </Detail>
              <Detail term="Published">
                {researchDate(document.published_date, dates.locale)}
              </Detail>
              <Detail term="Type">{document.documentTypeLabel}</Detail>
              <Detail term="Asset classes">
                {document.assetClasses.length
                  ? document.assetClasses.map(assetClassLabel).join(', ')
                  : none}
              </Detail>
              <Detail term="Regions">
                {document.regions.length ? document.regions.map(regionLabel).join(', ') : none}
              </Detail>
              <Detail term="Sectors">
                {document.sectors.length ? document.sectors.join(', ') : none}
              </Detail>
              <Detail term="Pages">{document.pageCount.toLocaleString(locale)}</Detail>
              <Detail term="Who may read it">{document.entitlementLabel}</Detail>
              <Detail term="Your teams that can read it">
                {document.teams.length ? (
                  <ul>
                    {document.teams.map((team) => (
                      <li key={team.id}>{team.name}</li>
                    ))}
                  </ul>
                ) : (
                  none
                )}
              </Detail>
            </dl>
          </Card>
        </aside>
      </div>

      <section aria-labelledby="more-on-theme" className="mt-8">
        <h2 id="more-on-theme" className="text-lg font-semibold text-slate-900">
          More on {primary ? primary.name : 'this theme'} from other providers
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The same primary theme from other houses, newest first: where they agree and where they
          differ.
        </p>
        {moreOnTheme.length === 0 ? (
          <p className="mt-3 rounded-md bg-white px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200">
            {primary
              ? `No other provider your team can read has written on ${primary.name} yet.`
              : 'This document has no primary theme to compare on.'}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
            {moreOnTheme.map((other) => (
              <li
                key={other.id}
                className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3"
              >
                <div className="min-w-0 flex-1">
                  <Link
                    href={articleHref(other.id)}
                    className="text-sm font-medium break-words text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {other.title}
                  </Link>
                  <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">{other.abstract}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end text-xs text-slate-600">
                  <ProviderName name={other.provider.name} isPaid={other.provider.isPaid} />
                  <time dateTime={other.published_date}>
                    {researchDate(other.published_date, dates.locale)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </ResearchPage>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  )
}
