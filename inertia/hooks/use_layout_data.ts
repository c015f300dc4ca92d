import { useEffect, useState } from 'react'
import { api } from '~/lib/api'

export interface Currency {
  id: number
  name: string
  code: string
}

export interface LayoutData {
  permissions: string[]
  currencies: Currency[]
  selectedCurrency: Currency | null
}

/**
 * Permissions and currencies, loaded when the shell mounts and again when the team changes.
 * Failures are logged only: the shell works without them.
 */
export function useLayoutData(teamId: number | null, needsTeam: boolean): LayoutData {
  const [data, setData] = useState<LayoutData>({
    permissions: [],
    currencies: [],
    selectedCurrency: null,
  })

  useEffect(() => {
    let active = true
    const permissions = api.get<{ permissions: string[] }>('/api/permissions')
    const currencies = needsTeam
      ? api.get<{ currencies: Currency[]; selectedCurrency: Currency | null }>('/api/currencies')
      : null
    Promise.all([permissions, currencies])
      .then(([permissionsResponse, currenciesResponse]) => {
        if (!active) return
        setData({
          permissions: permissionsResponse.data.permissions,
          currencies: currenciesResponse?.data.currencies ?? [],
          selectedCurrency: currenciesResponse?.data.selectedCurrency ?? null,
        })
      })
      .catch((error) => console.error('Could not load permissions or currencies', error))
    return () => {
      active = false
    }
  }, [teamId, needsTeam])

  return data
}
