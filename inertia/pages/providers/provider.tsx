import { useMemo } from 'react'
import { Link } from '@inertiajs/react'
import {
  FilterBar,
  IndicatorCard,
  ProvidersPage,
  Section,
  TalentAlertCard,
} from '~/components/providers/providers_ui'
import {
  describeFilters,
  leagueTableHref,
  providerFormat,
  regionName,
  useProvidersLocale,
} from '~/components/providers/format'
import {
  NetChangeWaterfall,
  RegionalFootprint,
  TrendsChart,
} from '~/components/providers/provider_charts'
import { TalentHeatmaps } from '~/components/providers/talent_heatmaps'
import { SectorBreakdown } from '~/components/providers/sector_breakdown'
import { NotableMoves } from '~/components/providers/notable_moves'
import { sectorName, type ProviderPageProps } from '@shared/providers'

export default function ProviderPage(props: ProviderPageProps) {
  const { provider, filters, sectors, regions, years, figures, trend, footprint, notableMoves } =
    props
  const { hasSpend, spend, interactions, currency, alert, teamId, definitions } = props
  const locale = useProvidersLocale()
  const format = useMemo(() => providerFormat(locale, currency.code), [locale, currency.code])
  const view = describeFilters(filters, sectors, regions)
  const scope =
    filters.sectorId === null && filters.regionCode === null
      ? 'all sectors and regions'
      : [
          filters.sectorId === null ? 'all sectors' : sectorName(sectors, filters.sectorId),
          filters.regionCode === null ? 'all regions' : regionName(filters.regionCode, regions),
        ].join(', ')

  const noStart = `Not computed: no analyst in this view on 1 January ${filters.year}.`
  const noEnd = `Not computed: no analyst in this view on 31 December ${filters.year}.`
  const tone = (value: number | null) =>
    value === null || value === 0 ? 'default' : value > 0 ? 'good' : 'bad'

  return (
    <ProvidersPage
      title={`${provider.name} - Providers`}
      heading={provider.name}
      eyebrow={
        <Link
          href={leagueTableHref(filters)}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <span aria-hidden="true">←</span> Back to the league table
        </Link>
      }
      lead={
        <p>
          {provider.typeLabel ?? 'Provider type not recorded'}
          {provider.hqRegion ? ` · headquartered in ${regionName(provider.hqRegion, regions)}` : ''}
          {' · '}
          figures for {view}.
        </p>
      }
      notice={props.notice}
      filters={
        <FilterBar
          path={`/providers/${encodeURIComponent(provider.providerKey)}`}
          filters={filters}
          years={years}
          sectors={sectors}
          regions={regions}
        />
      }
    >
      {alert ? (
        <TalentAlertCard
          alert={alert}
          filters={filters}
          linkToProvider={false}
          rule={props.alertRule}
        />
      ) : null}

      <Section title={`Key indicators, ${filters.year}`}>
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <IndicatorCard
            label="Headcount"
            definition={definitions.headcount}
            value={format.count(figures.headcount)}
            hint={`${format.count(figures.headcountStart)} on 1 January; ${format.count(figures.sectorsCovered)} ${figures.sectorsCovered === 1 ? 'sector' : 'sectors'} covered`}
          />
          <IndicatorCard
            label="Net change"
            definition={`${definitions.netChangePct} ${definitions.netChange}`}
            value={
              figures.netChangePct === null ? null : format.signedPercent(figures.netChangePct)
            }
            missingReason={noStart}
            tone={tone(figures.netChangePct)}
            hint={`${format.signedCount(figures.netChange)} ${Math.abs(figures.netChange) === 1 ? 'analyst' : 'analysts'}: ${format.count(figures.joiners)} joined, ${format.count(figures.leavers)} left`}
          />
          <IndicatorCard
            label="Net experience"
            definition={definitions.netExperience}
            value={`${format.signedYears(figures.netExperience)} yrs`}
            tone={tone(figures.netExperience)}
            hint={`${format.years(figures.experienceGained)} years gained, ${format.years(figures.experienceLost)} lost`}
          />
          <IndicatorCard
            label="Avg experience"
            definition={definitions.avgExperience}
            value={
              figures.avgExperience === null ? null : `${format.years(figures.avgExperience)} yrs`
            }
            missingReason={noEnd}
            hint="Years in the industry, analysts there on 31 December"
          />
          <IndicatorCard
            label="Senior share"
            definition={definitions.seniorShare}
            value={figures.seniorShare === null ? null : format.percent(figures.seniorShare)}
            missingReason={noEnd}
          />
          <IndicatorCard
            label="Stability"
            definition={definitions.stability}
            value={figures.stability === null ? null : format.percent(figures.stability)}
            missingReason={noStart}
          />
          {hasSpend ? (
            <>
              <IndicatorCard
                label="Your budget"
                definition={definitions.spend}
                value={spend === null ? null : format.money(spend)}
                missingReason={`No budget recorded for ${provider.name} in ${filters.year}.`}
              />
              <IndicatorCard
                label="Your interactions"
                definition={definitions.interactions}
                value={interactions === null ? null : format.count(interactions)}
                missingReason={`No interactions recorded with ${provider.name} in ${filters.year}.`}
              />
            </>
          ) : null}
        </div>
      </Section>

      <div className="grid gap-6 lg:grid-cols-2 xl:grid-cols-3">
        <TrendsChart trend={trend} format={format} scope={scope} />
        <NetChangeWaterfall figures={figures} year={filters.year} format={format} />
        <RegionalFootprint
          footprint={footprint}
          regions={regions}
          year={filters.year}
          format={format}
          className="lg:col-span-2 xl:col-span-1"
        />
      </div>

      <Section
        title="Talent gained and lost"
        note={`Every year, ${scope}: darker cells mean more analysts or more years of experience moved.`}
      >
        <TalentHeatmaps providerId={provider.id} filters={filters} scope={scope} format={format} />
      </Section>

      <Section
        title="Your interactions by sector"
        note="Your team’s interactions with the provider in the latest year with any, whatever the filters."
      >
        <SectorBreakdown
          teamId={teamId}
          providerId={provider.id}
          providerName={provider.name}
          format={format}
        />
      </Section>

      <Section
        title="Recent notable moves"
        note={`The most experienced analysts who joined, left or moved within ${provider.name} in ${filters.year}, ${scope}.`}
      >
        <NotableMoves
          moves={notableMoves}
          providerId={provider.id}
          filters={filters}
          format={format}
        />
      </Section>
    </ProvidersPage>
  )
}
