import crypto, { type KeyObject } from 'node:crypto'
import { syncBuiltinESMExports } from 'node:module'

/**
 * On Node ≥ 24.18, `createHmac`/`createCipheriv`/`createDecipheriv` given a raw Buffer or
 * string key cost ~50 µs on this machine against ~7–13 µs with a `KeyObject` (see
 * ARCHITECTURE.md): every request signs its session cookie, encrypts its XSRF cookie and
 * verifies both. The framework's encryption and cookie code keeps its keys as Buffers, so the
 * three functions are wrapped once, at boot: a key used more than once is turned into a
 * `KeyObject` and reused. Results are byte-for-byte the same (tested). One-off keys (such as
 * the random key of a constant-time comparison) are never promoted, and both maps are bounded.
 */
const MAX_KEYS = 256
const MAX_CANDIDATES = 4096
const keyObjects = new Map<string, KeyObject>()
const candidates = new Set<string>()

type RawKey = crypto.BinaryLike | KeyObject | crypto.CipherKey

export function keyObjectFor<T extends RawKey>(key: T): T | KeyObject {
  let bytes: Buffer
  if (Buffer.isBuffer(key)) bytes = key
  else if (typeof key === 'string') bytes = Buffer.from(key, 'utf8')
  else return key
  if (bytes.length === 0 || bytes.length > 256) return key
  const id = `${typeof key === 'string' ? 's' : 'b'}:${bytes.toString('latin1')}`
  const cached = keyObjects.get(id)
  if (cached) return cached
  if (!candidates.has(id)) {
    if (candidates.size >= MAX_CANDIDATES) candidates.clear()
    candidates.add(id)
    return key
  }
  candidates.delete(id)
  if (keyObjects.size >= MAX_KEYS) return key
  const keyObject = crypto.createSecretKey(bytes)
  keyObjects.set(id, keyObject)
  return keyObject
}

let installed = false

/** Wraps node:crypto's keyed constructors (idempotent); ESM importers see it too. */
export function installKeyObjectCache() {
  if (installed) return
  installed = true
  const { createHmac, createCipheriv, createDecipheriv } = crypto
  crypto.createHmac = ((algorithm: string, key: RawKey, options?: unknown) =>
    createHmac(algorithm, keyObjectFor(key) as KeyObject, options as never)) as typeof createHmac
  crypto.createCipheriv = ((algorithm: string, key: RawKey, iv: unknown, options?: unknown) =>
    createCipheriv(
      algorithm,
      keyObjectFor(key) as KeyObject,
      iv as never,
      options as never
    )) as typeof createCipheriv
  crypto.createDecipheriv = ((algorithm: string, key: RawKey, iv: unknown, options?: unknown) =>
    createDecipheriv(
      algorithm,
      keyObjectFor(key) as KeyObject,
      iv as never,
      options as never
    )) as typeof createDecipheriv
  syncBuiltinESMExports()
}

/** How many keys are held as KeyObjects (for tests). */
export function cachedKeyCount() {
  return keyObjects.size
}
