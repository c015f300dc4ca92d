import { router } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { auditChanges } from '@shared/audit_changes'
import { FilterField, ListFilterBar, ListPage, filterControlClass } from '~/components/list_page'
import { listHref, type ListPageMeta } from '@shared/list_page'

interface Entry {
  id: number
  entityType: string
  entityId: number | null
  action: string
  summary: string
  before: unknown
  after: unknown
  createdAt: string
  user: string
}

interface Props {
  notice: string | null
  pageNotice: string | null
  filter: { entity: string | null; user: number | null }
  entries: Entry[]
  meta: ListPageMeta
  entityTypes: string[]
  users: { id: number; name: string }[]
  /** Another area's trail of one kind of record (research providers): its title and address. */
  scope?: { title: string; subject: string; path: string }
}

const entityLabel = (type: string) => type.replaceAll('_', ' ')

export default function AuditTrail({
  notice,
  pageNotice,
  filter,
  entries,
  meta,
  entityTypes,
  users,
  scope,
}: Props) {
  const query = (change: Partial<{ entity: string | null; user: number | null; page: number }>) => {
    const next = { ...filter, page: undefined as number | undefined, ...change }
    return listHref(
      scope?.path ?? '/admin/market-data/audit',
      { entity: next.entity, user: next.user },
      next.page
    )
  }

  return (
    <AdminShell title={scope?.title ?? 'Market data audit trail'}>
      <PageHeading
        title={scope?.title ?? 'Audit trail'}
        description={`${meta.total.toLocaleString()} administrative change${meta.total === 1 ? '' : 's'} to ${scope?.subject ?? 'market data'}, newest first.`}
      />
      <ListPage
        notices={[notice, pageNotice]}
        filterBar={
          <ListFilterBar label="Filter the audit trail">
            {entityTypes.length > 0 ? (
              <FilterField id="audit-entity" label="Entity">
                <select
                  id="audit-entity"
                  className={filterControlClass}
                  value={filter.entity ?? ''}
                  onChange={(event) => router.visit(query({ entity: event.target.value || null }))}
                >
                  <option value="">All</option>
                  {entityTypes.map((type) => (
                    <option key={type} value={type}>
                      {entityLabel(type)}
                    </option>
                  ))}
                </select>
              </FilterField>
            ) : null}
            <FilterField id="audit-user" label="Administrator">
              <select
                id="audit-user"
                className={filterControlClass}
                value={filter.user ?? ''}
                onChange={(event) =>
                  router.visit(
                    query({ user: event.target.value ? Number(event.target.value) : null })
                  )
                }
              >
                <option value="">All</option>
                {users.map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.name}
                  </option>
                ))}
              </select>
            </FilterField>
          </ListFilterBar>
        }
        isEmpty={entries.length === 0}
        empty="No change recorded for this filter."
        meta={meta}
        href={(page) => query({ page })}
        paginationLabel="Audit pages"
      >
        <ol className="space-y-3" aria-label="Audit entries">
          {entries.map((entry) => {
            const changed = auditChanges(entry.before, entry.after)
            return (
              <li key={entry.id}>
                <Card padding="sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-medium text-slate-900">{entry.summary}</p>
                    <p className="text-xs text-slate-500">
                      {new Date(entry.createdAt).toLocaleString()} · {entry.user}
                    </p>
                  </div>
                  <p className="mt-1 text-xs text-slate-500 capitalize">
                    {entry.action} · {entityLabel(entry.entityType)}
                    {entry.entityId ? ` #${entry.entityId}` : ''}
                  </p>
                  {changed.length > 0 ? (
                    <details className="mt-2 text-xs">
                      <summary className="cursor-pointer text-teal-800">
                        {changed.length} value{changed.length === 1 ? '' : 's'}{' '}
                        {entry.action === 'update' ? 'changed' : 'recorded'}
                      </summary>
                      <div className="mt-2 overflow-x-auto">
                        <table className="min-w-full text-left">
                          <thead className="text-slate-500">
                            <tr>
                              <th scope="col" className="pr-3 font-medium">
                                Field
                              </th>
                              <th scope="col" className="pr-3 font-medium">
                                Before
                              </th>
                              <th scope="col" className="font-medium">
                                After
                              </th>
                            </tr>
                          </thead>
                          <tbody>
                            {changed.map((change) => (
                              <tr key={change.key} className="align-top">
                                <th
                                  scope="row"
                                  className="pr-3 font-medium whitespace-nowrap text-slate-600"
                                >
                                  {change.key}
                                </th>
                                <td className="pr-3 font-mono break-all text-red-700">
                                  {change.before}
                                </td>
                                <td className="font-mono break-all text-emerald-700">
                                  {change.after}
                                </td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    </details>
                  ) : null}
                </Card>
              </li>
            )
          })}
        </ol>
      </ListPage>
    </AdminShell>
  )
}
