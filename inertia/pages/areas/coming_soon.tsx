import { Link } from '@inertiajs/react'
import { AppShell, PageHeading } from '~/layouts/app_shell'
import { Card } from '~/components/ui/card'

export default function ComingSoon({ area, admin }: { area: string; admin: boolean }) {
  return (
    <AppShell title={area} tone={admin ? 'admin' : 'client'}>
      <PageHeading title={area} />
      <Card className="max-w-2xl">
        <h2 className="text-lg font-semibold text-slate-900">This area is being prepared</h2>
        <p className="mt-2 text-sm text-slate-600">
          {area} is part of your {admin ? 'administration rights' : "team's subscription"}. Its
          screens are being rolled out; your access is already in place and nothing needs to be done
          on your side.
        </p>
        <Link
          href={admin ? '/admin/welcome' : '/'}
          className="mt-6 inline-block text-sm font-medium text-brand-600 hover:text-brand-700"
        >
          {admin ? 'Back to Admin Home' : 'Back to the dashboard'}
        </Link>
      </Card>
    </AppShell>
  )
}
