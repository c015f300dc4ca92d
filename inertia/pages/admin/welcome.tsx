import { Link } from '@inertiajs/react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/icons'
import { useSharedProps } from '~/hooks/use_shared_props'
import { ADMIN_MENU, visibleAdminMenu } from '@shared/navigation'

/** Only the counts behind the administrator's permissions are sent. */
interface Counts {
  teams?: number
  users?: number
  administrators?: number
  feedback?: number
}

export default function AdminWelcome({ counts }: { counts: Counts }) {
  const { permissions } = useSharedProps()
  const areas = visibleAdminMenu(permissions ?? [], ADMIN_MENU).filter(
    (item) => item.key !== 'admin-home'
  )
  const stats = [
    { label: 'Teams', value: counts.teams },
    { label: 'Active users', value: counts.users },
    { label: 'Administrators', value: counts.administrators },
    { label: 'Feedback received', value: counts.feedback },
  ].filter((stat): stat is { label: string; value: number } => stat.value !== undefined)
  return (
    <AdminShell title="Admin Home">
      <PageHeading
        title="Admin Home"
        description="Run the data, teams and products behind the client application."
      />
      {stats.length > 0 ? (
        <dl className="mb-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="rounded-lg border border-teal-100 bg-white p-5 shadow-sm"
            >
              <dt className="text-sm text-slate-500">{stat.label}</dt>
              <dd className="mt-1 text-3xl font-semibold text-teal-800">
                {stat.value.toLocaleString()}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Your administration areas</h2>
      {areas.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">
            No administration areas are assigned to your role yet. Ask a senior administrator.
          </p>
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {areas.map((area) => (
            <Link
              key={area.key}
              href={area.path}
              className="group rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-teal-400"
            >
              <div className="flex items-center gap-3">
                <span className="rounded-md bg-teal-50 p-2 text-teal-700">
                  <Icon name={area.icon} />
                </span>
                <span className="font-medium text-slate-900 group-hover:text-teal-800">
                  {area.title}
                </span>
              </div>
            </Link>
          ))}
        </div>
      )}
      <h2 className="mt-10 mb-4 text-lg font-semibold text-slate-900">Operations</h2>
      <Link
        href="/admin/background-jobs"
        className="group inline-flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-teal-400"
      >
        <span className="font-medium text-slate-900 group-hover:text-teal-800">
          Background jobs
        </span>
        <span className="text-sm text-slate-600">Mails and imports: failures, run again</span>
      </Link>
    </AdminShell>
  )
}
