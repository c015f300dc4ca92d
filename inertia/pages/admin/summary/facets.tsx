import { useRef, useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { RenameForm } from '~/components/ui/rename_form'
import {
  DICTIONARY_FACETS,
  DICTIONARY_FACET_LABELS,
  FACET_NAME_MAX,
  type DictionaryFacet,
  type FacetDictionaries,
  type FacetDictionaryValue,
} from '@shared/summary_facets_admin'

const BASE = '/admin/summary-facets'

const DESCRIPTIONS: Record<DictionaryFacet, string> = {
  providertypes: 'Given by each provider’s type; assets carry their provider’s.',
  geographies: 'Tagged on providers (from the regions their research covers) and products.',
  factors: 'Tagged on providers and products.',
  researchstyles: 'Tagged on providers, from their research and classification.',
  assetclasses: 'Tagged on providers and products; another page may hand one over.',
  indices: 'Tagged on index licence products.',
  pricetypes:
    'Given by research budget lines’ price types and market data contracts’ licences; “All” (0) is the default filter.',
  rankingpriorities: 'Set by each client team for its own providers on the summary.',
}

const rowAction = 'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100'

function problemOf(name: string) {
  if (!name) return 'Give the value a name.'
  if (name.length > FACET_NAME_MAX)
    return `The name is ${name.length} characters long: at most ${FACET_NAME_MAX}.`
  return null
}

function usesOf(value: FacetDictionaryValue) {
  const parts = []
  if (value.providers) parts.push(`${value.providers} provider${value.providers === 1 ? '' : 's'}`)
  if (value.products) parts.push(`${value.products} product${value.products === 1 ? '' : 's'}`)
  return parts.length ? `Tagged on ${parts.join(' and ')}` : 'Not tagged'
}

function FacetList({ facet, values }: { facet: DictionaryFacet; values: FacetDictionaryValue[] }) {
  const [renaming, setRenaming] = useState<number | null>(null)
  // The value whose Rename button takes the focus back when it is rendered again.
  const refocus = useRef<number | null>(null)
  return (
    <Card>
      <section aria-labelledby={`${facet}-heading`} className="space-y-3">
        <div>
          <h2 id={`${facet}-heading`} className="text-lg font-semibold text-slate-900">
            {DICTIONARY_FACET_LABELS[facet]}{' '}
            <span className="font-normal text-slate-600">({values.length})</span>
          </h2>
          <p className="mt-1 text-sm text-slate-600">{DESCRIPTIONS[facet]}</p>
        </div>
        <ul
          aria-label={DICTIONARY_FACET_LABELS[facet]}
          className="divide-y divide-slate-100 rounded-md border border-slate-200"
        >
          {values.map((value) => (
            <li key={value.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              {renaming === value.id ? (
                <RenameForm
                  id={`rename-${facet}-${value.id}`}
                  name={value.name}
                  url={`${BASE}/${facet}/${value.id}`}
                  problem={problemOf}
                  onDone={() => {
                    refocus.current = value.id
                    setRenaming(null)
                  }}
                />
              ) : (
                <>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words text-slate-900">{value.name}</p>
                    <p className="text-xs text-slate-600">
                      Id {value.id}
                      {facet === 'pricetypes' || facet === 'providertypes'
                        ? ` · ${value.code}`
                        : ''}{' '}
                      · {usesOf(value)}
                    </p>
                  </div>
                  <button
                    type="button"
                    ref={(element) => {
                      if (element && refocus.current === value.id) {
                        refocus.current = null
                        element.focus()
                      }
                    }}
                    onClick={() => setRenaming(value.id)}
                    aria-label={`Rename ${value.name}`}
                    className={rowAction}
                  >
                    Rename
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  )
}

export default function SummaryFacets({ dictionaries }: { dictionaries: FacetDictionaries }) {
  return (
    <AdminShell title="Summary facets">
      <PageHeading
        title="Summary facets"
        description="The values clients filter the summary dashboard by. A new name shows at once on every team’s summary; ids never change, so saved filters and shared addresses keep working. Providers, industries (GICS sectors) and themes are named where they are administered."
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {DICTIONARY_FACETS.map((facet) => (
          <FacetList key={facet} facet={facet} values={dictionaries[facet]} />
        ))}
      </div>
    </AdminShell>
  )
}
