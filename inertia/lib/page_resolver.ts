type PageModule = { default: unknown }

/**
 * Looks a page up by its render name; a missing page fails loudly with its name.
 */
export async function resolvePage(name: string, pages: Record<string, () => Promise<unknown>>) {
  const loader = pages[`./pages/${name}.tsx`]
  if (!loader) {
    throw new Error(`Page not found: ${name}`)
  }
  return ((await loader()) as PageModule).default
}
