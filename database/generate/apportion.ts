/**
 * Splits a whole number in proportion to weights, exactly (largest remainders): the parts add
 * up to the total.
 */
export function apportion(total: number, weights: number[]) {
  const sum = weights.reduce((acc, weight) => acc + weight, 0)
  if (sum <= 0) return weights.map(() => 0)
  const exact = weights.map((weight) => (total * weight) / sum)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((acc, part) => acc + part, 0)
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    parts[index]++
    left--
  }
  return parts
}
