import { useEffect, useState } from 'react'
import { api } from '~/lib/api'
import { onUnreadReports } from '~/lib/unread_reports'

export interface Currency {
  id: number
  name: string
  code: string
}

export interface LayoutData {
  permissions: string[]
  currencies: Currency[]
  selectedCurrency: Currency | null
  unreadReports: number
}

const EMPTY: LayoutData = {
  permissions: [],
  currencies: [],
  selectedCurrency: null,
  unreadReports: 0,
}

/**
 * Permissions, currencies and the unread insights count, loaded when the shell mounts and
 * again when the current team changes. Failures are logged only: the shell works without them.
 * A page may push a fresher unread count (`announceUnreadReports`, e.g. the report viewer once
 * its visit marked the report read): the badge takes it without a reload.
 */
export function useLayoutData(teamId: number | null, withUnread: boolean): LayoutData {
  const [data, setData] = useState<LayoutData>(EMPTY)

  useEffect(() => {
    let active = true
    const update = (patch: Partial<LayoutData>) =>
      active && setData((current) => ({ ...current, ...patch }))

    api
      .get<{ permissions: string[] }>('/api/permissions')
      .then(({ data: body }) => update({ permissions: body.permissions }))
      .catch((error) => console.error('Could not load permissions', error))
    if (teamId !== null) {
      api
        .get<{ currencies: Currency[]; selectedCurrency: Currency | null }>('/api/currencies')
        .then(({ data: body }) =>
          update({ currencies: body.currencies, selectedCurrency: body.selectedCurrency })
        )
        .catch((error) => console.error('Could not load currencies', error))
    }
    if (teamId !== null && withUnread) {
      api
        .get<{ unreadReports: number }>('/api/insights-reports/unread')
        .then(({ data: body }) => update({ unreadReports: body.unreadReports }))
        .catch((error) => console.error('Could not load the unread insights count', error))
    }
    return () => {
      active = false
    }
  }, [teamId, withUnread])

  useEffect(
    () =>
      onUnreadReports((count) =>
        setData((current) =>
          current.unreadReports === count ? current : { ...current, unreadReports: count }
        )
      ),
    []
  )

  return data
}
