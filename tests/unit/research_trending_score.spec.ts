import { test } from '@japa/runner'
import { rankThemes, type TaggedDocument } from '#services/research/trending_score'
import { movementLabel, movementOf } from '#shared/research'
import { highlightParts, MARK_END, MARK_START } from '#shared/research_views'

/** `count` documents of one provider on one theme, each at the given relevance. */
function documents(
  providerId: number,
  themeId: number,
  count: number,
  relevance = 1,
  firstId = providerId * 1000 + themeId * 100
): TaggedDocument[] {
  return Array.from({ length: count }, (_, index) => ({
    documentId: firstId + index,
    providerId,
    themeId,
    relevance,
  }))
}

test.group('Trending themes: the provider-damped score', () => {
  test('one prolific provider is damped: n documents count √n, not n', ({ assert }) => {
    const [theme] = rankThemes(
      [...documents(1, 10, 9), ...documents(2, 10, 1), ...documents(3, 10, 1)],
      { minProviders: 3 }
    )
    // 9 × 1 × (1/9)^0.5 = 3, plus 1 and 1.
    assert.equal(theme.score, 5)
    assert.equal(theme.documentCount, 11)
    assert.equal(theme.providerCount, 3)
    assert.equal(theme.rank, 1)
  })

  test('breadth beats volume: six providers with one note each outrank one bank with nine', ({
    assert,
  }) => {
    const scores = rankThemes(
      [
        // Theme 10: a bank's nine notes and two others' single notes (score 3 + 1 + 1 = 5).
        ...documents(1, 10, 9),
        ...documents(2, 10, 1),
        ...documents(3, 10, 1),
        // Theme 20: six providers, one note each (score 6).
        ...[4, 5, 6, 7, 8, 9].flatMap((provider) => documents(provider, 20, 1)),
      ],
      { minProviders: 3 }
    )
    assert.deepEqual(
      scores.map((entry) => [entry.themeId, entry.rank]),
      [
        [20, 1],
        [10, 2],
      ]
    )
  })

  test('relevance weighs each document; out-of-range relevance is bounded or ignored', ({
    assert,
  }) => {
    const [theme] = rankThemes(
      [
        { documentId: 1, providerId: 1, themeId: 5, relevance: 0.5 },
        { documentId: 2, providerId: 2, themeId: 5, relevance: 0.25 },
        { documentId: 3, providerId: 3, themeId: 5, relevance: 7 },
        { documentId: 4, providerId: 4, themeId: 5, relevance: Number.NaN },
        { documentId: 5, providerId: 5, themeId: 5, relevance: -1 },
      ],
      { minProviders: 3 }
    )
    assert.equal(theme.score, 1.75)
    assert.equal(theme.providerCount, 3)
  })

  test('fewer than the minimum providers: kept with its counts but not ranked', ({ assert }) => {
    const scores = rankThemes(
      [
        ...documents(1, 10, 20),
        ...documents(2, 10, 20),
        ...documents(3, 30, 1),
        ...documents(4, 30, 1),
        ...documents(5, 30, 1),
      ],
      { minProviders: 3 }
    )
    const crowded = scores.find((entry) => entry.themeId === 10)!
    const broad = scores.find((entry) => entry.themeId === 30)!
    assert.isNull(crowded.rank)
    assert.isAbove(crowded.score, broad.score)
    assert.equal(broad.rank, 1)
  })

  test('ties: more documents, then more providers, then the lower theme id', ({ assert }) => {
    const scores = rankThemes(
      [
        ...[1, 2, 3].flatMap((provider) => documents(provider, 40, 1)),
        ...[1, 2, 3].flatMap((provider) => documents(provider, 41, 1)),
      ],
      { minProviders: 3 }
    )
    assert.deepEqual(
      scores.map((entry) => entry.themeId),
      [40, 41]
    )
  })

  test('movement against the previous ranking: up, down, new, unchanged', ({ assert }) => {
    const scores = rankThemes(
      [
        ...[1, 2, 3, 4].flatMap((provider) => documents(provider, 1, 1)),
        ...[1, 2, 3].flatMap((provider) => documents(provider, 2, 1)),
        ...[1, 2, 3].flatMap((provider) => documents(provider, 3, 1, 0.5)),
      ],
      {
        minProviders: 3,
        previousRanks: new Map([
          [1, 4],
          [2, 1],
          [3, 3],
        ]),
      }
    )
    const labels = scores.map((entry) => movementLabel(movementOf(entry.rank!, entry.previousRank)))
    assert.deepEqual(labels, ['▲3', '▼1', '='])
    assert.equal(movementLabel(movementOf(2, null)), 'NEW')
  })

  test('no documents: nothing ranked', ({ assert }) => {
    assert.deepEqual(rankThemes([], { minProviders: 3 }), [])
  })
})

test.group('Research search highlights', () => {
  test('marked text splits into plain and matched parts, never markup', ({ assert }) => {
    const text = `Rates ${MARK_START}inflation${MARK_END} and <b>${MARK_START}ECB${MARK_END}</b>`
    assert.deepEqual(highlightParts(text), [
      { text: 'Rates ', match: false },
      { text: 'inflation', match: true },
      { text: ' and <b>', match: false },
      { text: 'ECB', match: true },
      { text: '</b>', match: false },
    ])
    assert.deepEqual(highlightParts(`${MARK_START}open`), [{ text: 'open', match: true }])
  })
})
