import { Link, router } from '@inertiajs/react'
import { useId, useMemo, useState } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { DataTable, type DataTableColumn } from '~/components/ui/data_table'
import {
  FilterField,
  ListFilterBar,
  ListNotices,
  ListPagination,
  countText,
  filterControlClass,
} from '~/components/list_page'
import { Button } from '~/components/ui/button'
import { Badge } from '~/components/admin/account_tabs'
import { ResearchAdminNav, BASE } from '~/components/admin_research/nav'
import { RequestStatusBadge } from '~/components/research/request_status'
import type { ListPageMeta } from '@shared/list_page'
import {
  REQUEST_STATUS_FILTERS,
  type RequestAssignee,
  type RequestQueueFilters,
  type RequestQueueRow,
  type RequestStatusFilter,
} from '@shared/research_requests'

interface Props {
  requests: RequestQueueRow[]
  pagination: ListPageMeta
  pageNotice: string | null
  notice: string | null
  filters: RequestQueueFilters
  teams: { id: number; name: string }[]
  assignees: RequestAssignee[]
}

const LIST = `${BASE}/requests`

function listHref(filters: RequestQueueFilters, change: Partial<RequestQueueFilters> = {}) {
  const next = { ...filters, page: 1, ...change }
  const params = new URLSearchParams()
  if (next.status !== 'open') params.set('status', next.status)
  if (next.team) params.set('team', String(next.team))
  if (next.assignee) params.set('assignee', String(next.assignee))
  if (next.overdue) params.set('overdue', '1')
  if (next.page > 1) params.set('page', String(next.page))
  const qs = params.toString()
  return qs ? `${LIST}?${qs}` : LIST
}

const ageText = (days: number) => (days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`)

const COLUMNS: DataTableColumn<RequestQueueRow>[] = [
  {
    id: 'reference',
    header: 'Request',
    accessor: (row) => row.reference,
    enableHiding: false,
    cell: (row) => (
      <div className="max-w-md min-w-56">
        <Link
          href={`${LIST}/${row.id}`}
          className="font-medium text-teal-800 hover:text-teal-950 hover:underline"
        >
          {row.reference}
        </Link>
        <p className="mt-0.5 [overflow-wrap:anywhere] text-slate-800">{row.topic}</p>
      </div>
    ),
  },
  {
    id: 'team',
    header: 'Team',
    accessor: (row) => row.team.name,
    cell: (row) => (
      <div>
        <div className="font-medium text-slate-900">{row.team.name}</div>
        <div className="text-xs text-slate-600">{row.requester?.name ?? 'Former member'}</div>
      </div>
    ),
  },
  {
    id: 'neededBy',
    header: 'Needed by',
    accessor: (row) => row.neededBy,
    cell: (row) => (
      <div className="whitespace-nowrap">
        <time dateTime={row.neededBy}>{row.neededBy}</time>
        {row.overdue ? (
          <div className="mt-1">
            <Badge tone="red">Overdue</Badge>
          </div>
        ) : null}
      </div>
    ),
  },
  {
    id: 'age',
    header: 'Age',
    accessor: (row) => row.ageDays,
    cell: (row) => (
      <span className="whitespace-nowrap" title={`Sent ${row.createdAt.slice(0, 10)}`}>
        {ageText(row.ageDays)}
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    accessor: (row) => row.statusLabel,
    cell: (row) => <RequestStatusBadge status={row.status} label={row.statusLabel} />,
  },
  {
    id: 'assignee',
    header: 'Assigned to',
    accessor: (row) => row.assignee?.name ?? '',
    cell: (row) =>
      row.assignee ? (
        <span className="whitespace-nowrap">{row.assignee.name}</span>
      ) : (
        <span className="text-slate-600">Nobody</span>
      ),
  },
]

function FilterBar({
  filters,
  teams,
  assignees,
  total,
}: Omit<Props, 'requests' | 'pagination' | 'pageNotice' | 'notice'> & { total: number }) {
  const [status, setStatus] = useState<RequestStatusFilter>(filters.status)
  const [team, setTeam] = useState(filters.team ? String(filters.team) : '')
  const [assignee, setAssignee] = useState(filters.assignee ? String(filters.assignee) : '')
  const [overdue, setOverdue] = useState(filters.overdue)
  const ids = { status: useId(), team: useId(), assignee: useId(), overdue: useId() }
  return (
    <ListFilterBar
      label="Filter research requests"
      summary={countText(total, ['request', 'requests'])}
      onSubmit={() =>
        router.visit(
          listHref(filters, {
            status,
            team: team ? Number(team) : null,
            assignee:
              assignee === 'me' || assignee === 'none'
                ? assignee
                : assignee
                  ? Number(assignee)
                  : null,
            overdue,
          })
        )
      }
    >
      <FilterField id={ids.status} label="Status">
        <select
          id={ids.status}
          className={filterControlClass}
          value={status}
          onChange={(event) => setStatus(event.target.value as RequestStatusFilter)}
        >
          {Object.entries(REQUEST_STATUS_FILTERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id={ids.team} label="Team">
        <select
          id={ids.team}
          className={filterControlClass}
          value={team}
          onChange={(event) => setTeam(event.target.value)}
        >
          <option value="">All teams</option>
          {teams.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id={ids.assignee} label="Assigned to">
        <select
          id={ids.assignee}
          className={filterControlClass}
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
        >
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Nobody</option>
          {assignees.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </FilterField>
      <div className="flex items-center gap-2 self-center pt-4">
        <input
          id={ids.overdue}
          type="checkbox"
          checked={overdue}
          onChange={(event) => setOverdue(event.target.checked)}
          className="h-4 w-4 rounded border-slate-300"
        />
        <label htmlFor={ids.overdue} className="text-sm text-slate-700">
          Past their needed-by date only
        </label>
      </div>
      <Button type="submit" variant="secondary">
        Apply filters
      </Button>
    </ListFilterBar>
  )
}

export default function ResearchRequestsAdmin(props: Props) {
  const { requests, pagination, pageNotice, notice, filters } = props
  const columns = useMemo(() => COLUMNS, [])
  return (
    <AdminShell title="Research requests">
      <PageHeading
        title="Research requests"
        description="The requests clients send to the research team, the neediest first. Open one to assign it, take it in progress, answer it with documents the team may read, or decline it: the requester is mailed at each step and reads the answer under My requests."
      />
      <ResearchAdminNav current="requests" />
      <ListNotices notices={[notice, pageNotice]} />
      <FilterBar
        key={listHref(filters)}
        filters={filters}
        teams={props.teams}
        assignees={props.assignees}
        total={pagination.total}
      />
      <DataTable
        data={requests}
        columns={columns}
        caption="Research requests of every team"
        getRowId={(row) => String(row.id)}
        enableHiding={false}
        enableSorting={false}
        verticalAlign="top"
        emptyMessage={
          filters.status === 'all'
            ? 'No research request matches these filters.'
            : `No ${REQUEST_STATUS_FILTERS[filters.status].toLowerCase()} research request matches these filters.`
        }
      />
      <ListPagination
        label="Research request pages"
        meta={pagination}
        noun={['request', 'requests']}
        href={(page) => listHref(filters, { page })}
      />
    </AdminShell>
  )
}
