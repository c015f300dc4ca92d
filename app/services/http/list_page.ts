import { pageNotice, pageToShow, readAskedPage, type ListPageMeta } from '#shared/list_page'

/**
 * Loads a page of a list by the one page rule (shared/list_page.ts): the page the address asks
 * for, the first page when it names no possible page, the last page when it asks past the end.
 * `load` is called once, or twice when the page asked for is past the end (the count comes with
 * the first call). The result carries `pageNotice`, the sentence the list shows about it.
 */
export async function loadListPage<T>(
  askedValue: unknown,
  load: (page: number) => Promise<T>,
  metaOf: (result: T) => ListPageMeta
): Promise<T & { pageNotice: string | null }> {
  const asked = readAskedPage(askedValue)
  let result = await load(asked.page)
  const { lastPage } = metaOf(result)
  const shown = pageToShow(asked, lastPage)
  if (shown !== asked.page) result = await load(shown)
  return { ...result, pageNotice: pageNotice(asked, lastPage) }
}
