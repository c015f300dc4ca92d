import { useEffect, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { Toaster, toast } from 'sonner'
import { TopBar } from '~/components/shell/top_bar'
import { useFlash } from '~/hooks/use_shared_props'

export function FlashToasts() {
  const flash = useFlash()
  useEffect(() => {
    if (flash.success) toast.success(flash.success)
    if (flash.error) toast.error(flash.error)
  }, [flash.success, flash.error])
  return <Toaster position="top-right" richColors closeButton />
}

/**
 * The signed-in client shell: top bar, page heading and content.
 */
export function AppShell({
  title,
  children,
  tone = 'client',
}: {
  title: string
  children: ReactNode
  tone?: 'client' | 'admin'
}) {
  return (
    <div className={tone === 'admin' ? 'min-h-screen bg-teal-50/40' : 'min-h-screen bg-slate-50'}>
      <Head title={title} />
      <TopBar tone={tone} />
      <main className="mx-auto max-w-screen-2xl px-4 py-8 sm:px-6">{children}</main>
      <FlashToasts />
    </div>
  )
}

export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AppShell title={title} tone="admin">
      {children}
    </AppShell>
  )
}

export function PageHeading({
  title,
  description,
  actions,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {description ? (
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>
        ) : null}
      </div>
      {actions}
    </div>
  )
}
