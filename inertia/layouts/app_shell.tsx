import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { Toaster, toast } from 'sonner'
import { TopBar } from '~/components/shell/top_bar'
import { ShellProvider } from '~/components/shell/shell_context'
import { PasswordExpiryBanner } from '~/components/shell/password_expiry_banner'
import { ScenarioBanner } from '~/components/shell/scenario_banner'
import { FeedbackWidget } from '~/components/shell/feedback_widget'
import { MainNavTour } from '~/components/shell/main_nav_tour'
import { useFlash, useSharedProps } from '~/hooks/use_shared_props'
import { useLayoutData } from '~/hooks/use_layout_data'
import { MODULES } from '@shared/modules'

export function FlashToasts() {
  const flash = useFlash()
  useEffect(() => {
    if (flash.success) toast.success(flash.success)
    if (flash.error) toast.error(flash.error)
  }, [flash.success, flash.error])
  return <Toaster position="top-right" richColors closeButton />
}

/**
 * The signed-in shell: banners, top bar, page content, feedback widget and the first-time tour.
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
  const { user, team } = useSharedProps()
  const isClientView = tone === 'client' && !!user && !user.isAdministrator
  // The insights shortcut (and its tour step) only where the team holds the insights product.
  const hasInsights =
    isClientView && !!team?.current && team.moduleNames.includes(MODULES.insightsReports)
  const layout = useLayoutData(team?.current?.id ?? null, hasInsights)
  const [stickyTopRef, onBannerVisibilityChange] = useStickyTopOffset()

  return (
    <ShellProvider>
      <div className={tone === 'admin' ? 'min-h-screen bg-teal-50/40' : 'min-h-screen bg-slate-50'}>
        <Head title={title} />
        {user && !user.signedInWithSso ? (
          <PasswordExpiryBanner passwordChangedAt={user.passwordChangedAt} />
        ) : null}
        {/* The scenario banner sticks with the top bar, above it, never over the page. */}
        <div ref={stickyTopRef} className="sticky top-0 z-40">
          {tone === 'client' && team?.current ? (
            <ScenarioBanner
              moduleNames={team.moduleNames}
              onVisibilityChange={onBannerVisibilityChange}
            />
          ) : null}
          <TopBar tone={tone} layout={layout} showInsights={hasInsights} />
        </div>
        <main className="mx-auto max-w-screen-2xl px-4 py-8 sm:pr-16 sm:pl-6">{children}</main>
        {user ? <FeedbackWidget /> : null}
        {tone === 'client' && user ? (
          <MainNavTour enabled={user.shouldShowMainNavUserTour} hasInsights={hasInsights} />
        ) : null}
        <FlashToasts />
      </div>
    </ShellProvider>
  )
}

/**
 * The sticky top (banner and top bar) changes height when the scenario banner shows or hides;
 * links to a section of the page and focused fields then scroll clear of it.
 */
function useStickyTopOffset() {
  const ref = useRef<HTMLDivElement>(null)
  const [bannerVisible, setBannerVisible] = useState(false)
  const onBannerVisibilityChange = useCallback((visible: boolean) => setBannerVisible(visible), [])

  useEffect(() => {
    const element = ref.current
    if (!element) return
    const root = document.documentElement
    const apply = () => {
      root.style.scrollPaddingTop = `${element.offsetHeight}px`
      root.dataset.scenarioBanner = bannerVisible ? 'visible' : 'hidden'
    }
    apply()
    const observer = new ResizeObserver(apply)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.scrollPaddingTop = ''
      delete root.dataset.scenarioBanner
    }
  }, [bannerVisible])

  return [ref, onBannerVisibilityChange] as const
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
      {/* A long title (a word without spaces) wraps: never the page pushed sideways. */}
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere] text-slate-900">{title}</h1>
        {description ? (
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>
        ) : null}
      </div>
      {actions}
    </div>
  )
}
