/** A product benchmark's driver as the market data API sends it, for display. */
export interface DisplayDriver {
  name: string
  is_numeric: boolean
  driver_options: { id: number; label: string }[]
  pivot: { value: number | null; driver_option_id: number | null }
}

/**
 * A driver as the tables, the scenario page and the exports show it: "Users: 25",
 * "Data tier: Professional".
 */
export function driverText(driver: DisplayDriver) {
  if (driver.is_numeric) return `${driver.name}: ${driver.pivot.value ?? '—'}`
  const option = driver.driver_options.find((entry) => entry.id === driver.pivot.driver_option_id)
  return `${driver.name}: ${option?.label ?? '—'}`
}
