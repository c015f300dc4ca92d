/**
 * The generator's source of randomness: mulberry32, a small seeded PRNG, so that the same
 * scale always produces the same universe. Each area draws from its own stream (seeded by
 * name), so that a change in one area leaves the others' values as they were.
 */
export class Random {
  #state: number

  constructor(seed: number | string) {
    this.#state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed)
  }

  /** A float in [0, 1). */
  next() {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0
    let t = this.#state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** A float in [min, max). */
  between(min: number, max: number) {
    return min + this.next() * (max - min)
  }

  chance(probability: number) {
    return this.next() < probability
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]
  }

  /** One of the entries, each drawn in proportion to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
    let target = this.next() * total
    for (const [value, weight] of entries) {
      target -= weight
      if (target < 0) return value
    }
    return entries[entries.length - 1][0]
  }

  /** The list in a random order (a copy). */
  shuffle<T>(list: readonly T[]): T[] {
    const copy = [...list]
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1))
      ;[copy[index], copy[other]] = [copy[other], copy[index]]
    }
    return copy
  }

  /** `count` distinct entries of the list (all of them when it is shorter). */
  sample<T>(list: readonly T[], count: number): T[] {
    if (count >= list.length) return this.shuffle(list)
    const copy = [...list]
    for (let index = 0; index < count; index++) {
      const other = index + Math.floor(this.next() * (copy.length - index))
      ;[copy[index], copy[other]] = [copy[other], copy[index]]
    }
    return copy.slice(0, count)
  }

  /** Hexadecimal text of `length` characters (tokens that only need to look random). */
  hex(length: number) {
    let text = ''
    while (text.length < length) {
      text += Math.floor(this.next() * 4_294_967_296)
        .toString(16)
        .padStart(8, '0')
    }
    return text.slice(0, length)
  }
}

/** FNV-1a of the text: a stream's seed from its name. */
export function hashSeed(text: string) {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * `Random.weighted` for a fixed list drawn from many times: the cumulative weights are summed
 * once, each pick costs one draw.
 */
export function weightedPicker<T>(entries: readonly (readonly [T, number])[]) {
  const values = entries.map(([value]) => value)
  const cumulative: number[] = []
  let sum = 0
  for (const [, weight] of entries) cumulative.push((sum += weight))
  return (random: Random): T => {
    const target = random.next() * sum
    let index = 0
    while (index < cumulative.length - 1 && cumulative[index] <= target) index++
    return values[index]
  }
}
