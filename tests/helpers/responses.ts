import { ApiRequest, type ApiResponse } from '@japa/api-client'

/**
 * The first error flashed for a field, as the page would show it.
 */
export function flashedError(response: ApiResponse, field: string): string | undefined {
  const bag = (response.flashMessages() as Record<string, any> | undefined)?.inputErrorsBag ?? {}
  const value = bag[field]
  return Array.isArray(value) ? value[0] : value
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * Downloads of these types (spreadsheets by default) arrive as a Buffer in `response.body()`.
 */
export function readSpreadsheetsAsBuffers(types: string[] = [XLSX_TYPE]) {
  for (const type of types) {
    ApiRequest.addParser(type, (res, callback) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => callback(null, Buffer.concat(chunks)))
    })
  }
}

/** Awaits a request and asserts its status (for one-line checks of several requests). */
export async function expectStatus(request: ApiRequest, status: number) {
  const response = await request
  response.assertStatus(status)
}
