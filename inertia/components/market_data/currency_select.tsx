/**
 * The display-currency picker of the market data tables.
 */
export function CurrencySelect({
  currencies,
  value,
  onChange,
}: {
  currencies: { id: number; code: string }[]
  value: number | null
  onChange: (currencyId: number) => void
}) {
  return (
    <div className="flex items-center gap-3">
      <label className="text-sm text-slate-600" htmlFor="currency">
        Currency
      </label>
      <select
        id="currency"
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {currencies.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.code}
          </option>
        ))}
      </select>
    </div>
  )
}
