import { test } from '@japa/runner'
import {
  derivedForms,
  describeSearch,
  hasWantedTerms,
  parseSearch,
  SEARCH_MAX_TERMS,
} from '#shared/research_search'
import { ftsQuery, tsQuery } from '#services/research/search'

const word = (text: string) => ({ words: [text], prefix: false })

test.group('Research search query', () => {
  test('reads words as whole words, every one required', ({ assert }) => {
    assert.deepEqual(parseSearch('AI capex'), {
      clauses: [
        { negated: false, anyOf: [word('ai')] },
        { negated: false, anyOf: [word('capex')] },
      ],
    })
  })

  test('reads a prefix only where a star ends a word', ({ assert }) => {
    assert.deepEqual(parseSearch('infla* rates')!.clauses, [
      { negated: false, anyOf: [{ words: ['infla'], prefix: true }] },
      { negated: false, anyOf: [word('rates')] },
    ])
    assert.deepEqual(parseSearch('Fed')!.clauses, [{ negated: false, anyOf: [word('fed')] }])
  })

  test('reads a one-letter prefix as the whole word', ({ assert }) => {
    assert.deepEqual(parseSearch('a*')!.clauses, [{ negated: false, anyOf: [word('a')] }])
  })

  test('reads quotes and punctuated words as phrases', ({ assert }) => {
    assert.deepEqual(parseSearch('"rate cut" S&P')!.clauses, [
      { negated: false, anyOf: [{ words: ['rate', 'cut'], prefix: false }] },
      { negated: false, anyOf: [{ words: ['s', 'p'], prefix: false, typed: 'S&P' }] },
    ])
    assert.deepEqual(parseSearch('"rate cu"*')!.clauses, [
      { negated: false, anyOf: [{ words: ['rate', 'cu'], prefix: true }] },
    ])
    // A quote left open runs to the end.
    assert.deepEqual(parseSearch('"central bank')!.clauses, [
      { negated: false, anyOf: [{ words: ['central', 'bank'], prefix: false }] },
    ])
  })

  test('joins the terms either side of OR, before the AND of the rest', ({ assert }) => {
    assert.deepEqual(parseSearch('fed OR ecb rates')!.clauses, [
      { negated: false, anyOf: [word('fed'), word('ecb')] },
      { negated: false, anyOf: [word('rates')] },
    ])
    assert.deepEqual(parseSearch('fed | ecb OR boj')!.clauses, [
      { negated: false, anyOf: [word('fed'), word('ecb'), word('boj')] },
    ])
    // Lower-case "or" is a word; an OR with nothing before it is ignored.
    assert.deepEqual(parseSearch('OR fed or')!.clauses, [
      { negated: false, anyOf: [word('fed')] },
      { negated: false, anyOf: [word('or')] },
    ])
  })

  test('leaves out what a leading minus marks, a hyphen inside a word is a phrase', ({
    assert,
  }) => {
    assert.deepEqual(parseSearch('ecb -fed -"rate cut"')!.clauses, [
      { negated: false, anyOf: [word('ecb')] },
      { negated: true, anyOf: [word('fed')] },
      { negated: true, anyOf: [{ words: ['rate', 'cut'], prefix: false }] },
    ])
    assert.deepEqual(parseSearch('e-commerce')!.clauses, [
      { negated: false, anyOf: [{ words: ['e', 'commerce'], prefix: false, typed: 'e-commerce' }] },
    ])
    assert.isFalse(hasWantedTerms(parseSearch('-fed')!))
    assert.isTrue(hasWantedTerms(parseSearch('ecb -fed')!))
  })

  test('adds the derived forms a stemmer keeps apart', ({ assert }) => {
    assert.deepEqual(parseSearch('inflationary')!.clauses, [
      { negated: false, anyOf: [word('inflationary'), word('inflation')] },
    ])
    assert.deepEqual(derivedForms('inflation'), ['inflationary'])
    assert.deepEqual(derivedForms('protectionism'), ['protection'])
    assert.deepEqual(derivedForms('economy'), ['economic'])
    assert.deepEqual(derivedForms('economics'), ['economy'])
    assert.deepEqual(derivedForms('rates'), [])
    // Not for a prefix, a phrase or a short word.
    assert.deepEqual(parseSearch('inflation*')!.clauses[0].anyOf, [
      { words: ['inflation'], prefix: true },
    ])
    assert.deepEqual(derivedForms('lion'), [])
  })

  test('finds nothing to search in punctuation or blanks', ({ assert }) => {
    assert.isNull(parseSearch(''))
    assert.isNull(parseSearch('  & - " " OR * '))
    assert.isNull(parseSearch(null))
  })

  test('reads at most a dozen terms', ({ assert }) => {
    const text = Array.from({ length: 20 }, (_, index) => `word${index}`).join(' ')
    assert.lengthOf(parseSearch(text)!.clauses, SEARCH_MAX_TERMS)
  })

  test('passes no operator, quote or column name through to an engine', ({ assert }) => {
    const query = parseSearch(`title:fed NEAR(x y) OR body:* ^col x' & ! <-> :*`)!
    assert.equal(
      ftsQuery(query).match,
      '("title fed" AND "near x" AND ("y" OR "body"*) AND "col" AND "x")'
    )
    assert.equal(tsQuery(query), '(title <-> fed) & (near <-> x) & (y | body:*) & col & x')
  })

  test('writes the same search for FTS5 and for to_tsquery', ({ assert }) => {
    const query = parseSearch('"rate cut" fed OR ecb infla* -"s&p" -boj')!
    assert.equal(
      ftsQuery(query).match,
      '("rate cut" AND ("fed" OR "ecb") AND "infla"*) NOT "s p" NOT "boj"'
    )
    assert.equal(tsQuery(query), '(rate <-> cut) & (fed | ecb) & infla:* & !(s <-> p) & !boj')
    assert.deepEqual(ftsQuery(parseSearch('-fed -ecb')!), {
      match: null,
      exclude: '"fed" OR "ecb"',
    })
    assert.equal(tsQuery(parseSearch('-fed -ecb')!), '!fed & !ecb')
  })

  test('says the search back in words', ({ assert }) => {
    assert.equal(
      describeSearch(parseSearch('"rate cut" fed OR ecb -inflation')!),
      '“rate cut” and (fed or ecb), without inflation or inflationary'
    )
    assert.equal(describeSearch(parseSearch('infla*')!), 'infla…')
    assert.equal(describeSearch(parseSearch('S&P 500 -U.S.')!), 'S&P and 500, without U.S')
    assert.equal(describeSearch(parseSearch('10-year')!), '10-year')
  })
})
