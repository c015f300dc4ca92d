import { useEffect, useRef } from 'react'
import { driver, type Driver } from 'driver.js'
import 'driver.js/dist/driver.css'
import { api } from '~/lib/api'
import { useShell } from '~/components/shell/shell_context'

const TOUR_STATUS_URL = '/api/tour/has-user-done-tour/main-navigation'
const TOUR_START_URL = '/api/tour/main-navigation'

/**
 * The first-time guided tour of the navigation. Runs once: starting it records completion.
 */
export function MainNavTour({ enabled, hasInsights }: { enabled: boolean; hasInsights: boolean }) {
  const shell = useShell()
  const shellRef = useRef(shell)
  useEffect(() => {
    shellRef.current = shell
  }, [shell])

  useEffect(() => {
    if (!enabled) return
    let tour: Driver | null = null
    let cancelled = false
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

    api
      .get<{ hasUserDoneTour: boolean }>(TOUR_STATUS_URL)
      .then(async ({ data }) => {
        if (cancelled || data.hasUserDoneTour) return
        api.post(TOUR_START_URL).catch((error) => console.error('Could not record the tour', error))
        shellRef.current.setTourRunning(true)

        const openBurger = async (open: boolean) => {
          shellRef.current.setBurgerOpen(open, true)
          await wait(60)
        }
        const openProfile = async (open: boolean) => {
          shellRef.current.setProfileOpen(open, true)
          await wait(60)
        }

        const steps = [
          {
            element: '[data-tour="main-menu"]',
            popover: {
              title: 'Main menu',
              description: 'Open this menu to reach every product your current team subscribes to.',
              onNextClick: async () => {
                await openBurger(true)
                tour?.moveNext()
              },
            },
          },
          {
            element: '[data-tour="products"]',
            popover: {
              title: 'Products',
              description:
                'Each entry opens a product area. The list follows the team you are working for.',
              onPrevClick: async () => {
                await openBurger(false)
                tour?.movePrevious()
              },
              onNextClick: async () => {
                await openBurger(false)
                if (!hasInsights) await openProfile(true)
                tour?.moveNext()
              },
            },
          },
          ...(hasInsights
            ? [
                {
                  element: '[data-tour="insights"]',
                  popover: {
                    title: 'Insights reports',
                    description:
                      'New insights reports for your team appear here, with the number you have not read yet.',
                    onPrevClick: async () => {
                      await openBurger(true)
                      tour?.movePrevious()
                    },
                    onNextClick: async () => {
                      await openProfile(true)
                      tour?.moveNext()
                    },
                  },
                },
              ]
            : []),
          {
            element: '[data-tour="profile-menu"]',
            popover: {
              title: 'Profile and teams',
              description: 'Switch between your teams, open your settings or sign out here.',
              onPrevClick: async () => {
                await openProfile(false)
                if (!hasInsights) await openBurger(true)
                tour?.movePrevious()
              },
            },
          },
        ]

        tour = driver({
          showProgress: true,
          progressText: 'Step {{current}} of {{total}}',
          allowClose: true,
          // Clicking the dimmed page does nothing: only the close button or Escape exits.
          overlayClickBehavior: () => undefined,
          doneBtnText: 'Finish',
          steps,
          onDestroyed: () => window.location.reload(),
        })
        tour.drive()
      })
      .catch((error) => console.error('Could not load the tour status', error))

    return () => {
      cancelled = true
      if (tour?.isActive()) {
        tour.setConfig({ ...tour.getConfig(), onDestroyed: undefined })
        tour.destroy()
      }
    }
  }, [enabled, hasInsights])

  return null
}
