import { useState } from 'react'
import { router } from '@inertiajs/react'
import { api } from '~/lib/api'

/**
 * The display currency of the market data pages. The server keeps the user's choice in the
 * session (and resets it to the new team's currency on a team switch), so every page opens
 * in it: the page's `selectedCurrencyId` prop is the source, a change is shown at once and
 * stored for the next pages.
 */
export function useDisplayCurrency(
  selectedCurrencyId: number | null,
  /** Props computed on the server in the display currency, reloaded once it is stored. */
  reloadProps: string[] = []
) {
  const [currencyId, setCurrencyId] = useState<number | null>(selectedCurrencyId)
  // Another visit (a team switch, another provider) brings the server's choice back.
  const [fromServer, setFromServer] = useState(selectedCurrencyId)
  if (fromServer !== selectedCurrencyId) {
    setFromServer(selectedCurrencyId)
    setCurrencyId(selectedCurrencyId)
  }
  const choose = (next: number) => {
    setCurrencyId(next)
    // Shown already; if storing fails, the next page opens in the previous choice.
    api
      .post('/api/currencies/selected', { currencyId: next })
      .then(() => {
        if (reloadProps.length) router.reload({ only: reloadProps })
      })
      .catch(() => undefined)
  }
  return [currencyId, choose] as const
}
