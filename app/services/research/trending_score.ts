/**
 * The trending-theme ranking (DOMAIN §2(b)): pure, no database.
 *
 * Over the trailing week, a theme's score sums each document's relevance damped by how many
 * documents its provider wrote on the theme: score = Σ relevance × (1 / n_provider,theme)^0.5.
 * One prolific bank therefore cannot own a theme: its tenth note adds a third of its first.
 * Only themes written on by at least `minProviders` distinct providers are ranked; ties go to
 * the theme with more documents, then more providers, then the lower id (stable).
 */

export interface TaggedDocument {
  documentId: number
  providerId: number
  themeId: number
  /** 0–1, how central the theme is to the document. */
  relevance: number
}

export interface ThemeScore {
  themeId: number
  score: number
  documentCount: number
  providerCount: number
  /** 1 = first; null when the theme has too few providers to be ranked. */
  rank: number | null
  /** The rank in the previous snapshot (null: not ranked then). */
  previousRank: number | null
}

export function rankThemes(
  tagged: TaggedDocument[],
  options: { minProviders: number; previousRanks?: Map<number, number> }
): ThemeScore[] {
  const byTheme = new Map<number, Map<number, number[]>>()
  for (const entry of tagged) {
    if (!Number.isFinite(entry.relevance) || entry.relevance <= 0) continue
    const relevance = Math.min(entry.relevance, 1)
    let providers = byTheme.get(entry.themeId)
    if (!providers) byTheme.set(entry.themeId, (providers = new Map()))
    const relevances = providers.get(entry.providerId)
    if (relevances) relevances.push(relevance)
    else providers.set(entry.providerId, [relevance])
  }

  const scores: ThemeScore[] = []
  for (const [themeId, providers] of byTheme) {
    let score = 0
    let documentCount = 0
    for (const relevances of providers.values()) {
      const damping = 1 / Math.sqrt(relevances.length)
      for (const relevance of relevances) score += relevance * damping
      documentCount += relevances.length
    }
    scores.push({
      themeId,
      score: Math.round(score * 10_000) / 10_000,
      documentCount,
      providerCount: providers.size,
      rank: null,
      previousRank: options.previousRanks?.get(themeId) ?? null,
    })
  }

  scores.sort(
    (a, b) =>
      b.score - a.score ||
      b.documentCount - a.documentCount ||
      b.providerCount - a.providerCount ||
      a.themeId - b.themeId
  )
  let rank = 0
  for (const entry of scores) {
    if (entry.providerCount >= options.minProviders) entry.rank = ++rank
  }
  return scores
}
