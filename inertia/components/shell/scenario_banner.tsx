import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import { Icon } from '~/components/icons'
import { MODULES } from '@shared/modules'

export const SCENARIO_BANNER_MESSAGE =
  "You have tried accessing a Market Data Scenario Analysis but you don't have access with your current team. Please switch to the adequate Market Data team or contact support."
/** The hash that triggered the banner is cleared this long after it appears. */
export const SCENARIO_HASH_CLEAR_MS = 100

/**
 * Shown when a scenario link (address hash containing "scenario") is opened by a team without
 * market data contracts.
 */
export function ScenarioBanner({
  moduleNames,
  onVisibilityChange,
}: {
  moduleNames: string[]
  onVisibilityChange?: (visible: boolean) => void
}) {
  const [visible, setVisible] = useState(false)
  const lacksModule = !moduleNames.includes(MODULES.marketDataContracts)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      if (lacksModule && window.location.hash.toLowerCase().includes('scenario')) {
        setVisible(true)
        timer = setTimeout(() => {
          // Through the router, so that its own later history writes (it queues them, and
          // they carry its page address) do not bring the hash back.
          router.replace({
            url: window.location.pathname + window.location.search,
            preserveScroll: true,
            preserveState: true,
          })
        }, SCENARIO_HASH_CLEAR_MS)
      }
    }
    check()
    window.addEventListener('hashchange', check)
    return () => {
      window.removeEventListener('hashchange', check)
      if (timer) clearTimeout(timer)
    }
  }, [lacksModule])

  useEffect(() => {
    onVisibilityChange?.(visible)
  }, [visible, onVisibilityChange])

  if (!visible) return null
  return (
    <div role="alert" data-testid="scenario-banner" className="border-b border-red-200 bg-red-50">
      <div className="mx-auto flex max-w-screen-2xl items-start gap-3 px-4 py-3 text-sm text-red-800 sm:px-6">
        <Icon name="info" className="mt-0.5 h-5 w-5 shrink-0" />
        <p className="flex-1">{SCENARIO_BANNER_MESSAGE}</p>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={() => setVisible(false)}
          className="rounded p-1 hover:bg-red-100"
        >
          <Icon name="close" className="h-4 w-4" />
        </button>
      </div>
    </div>
  )
}
