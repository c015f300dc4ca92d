import { test } from '@japa/runner'
import crypto, { createHmac, createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { cachedKeyCount, installKeyObjectCache, keyObjectFor } from '#services/crypto/key_objects'

test.group('Cached KeyObjects for signing and encryption', () => {
  test('a key used twice becomes a KeyObject; a one-off key never does', ({ assert }) => {
    const key = randomBytes(32)
    assert.strictEqual(keyObjectFor(key), key)
    const promoted = keyObjectFor(key)
    assert.notStrictEqual(promoted, key)
    assert.equal((promoted as crypto.KeyObject).type, 'secret')
    assert.strictEqual(keyObjectFor(Buffer.from(key)), promoted)
    const before = cachedKeyCount()
    for (let index = 0; index < 50; index++) keyObjectFor(randomBytes(32))
    assert.equal(cachedKeyCount(), before)
    // A string key and the same bytes as a Buffer are distinct entries with equal results.
    keyObjectFor('an application key of some length')
    assert.notStrictEqual(keyObjectFor('an application key of some length'), key)
  })

  test('HMACs and AES-256-GCM results are the same as with the raw key', ({ assert }) => {
    installKeyObjectCache()
    const key = randomBytes(32)
    const iv = randomBytes(12)
    const expected = crypto
      .createHmac('sha256', crypto.createSecretKey(key))
      .update('x')
      .digest('hex')
    for (let round = 0; round < 3; round++) {
      assert.equal(createHmac('sha256', key).update('x').digest('hex'), expected)
      assert.equal(
        createHmac('sha256', 'text key').update('x').digest('hex'),
        crypto.createHmac('sha256', Buffer.from('text key')).update('x').digest('hex')
      )
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const sealed = Buffer.concat([cipher.update('secret payload'), cipher.final()])
      const tag = cipher.getAuthTag()
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      assert.equal(
        Buffer.concat([decipher.update(sealed), decipher.final()]).toString(),
        'secret payload'
      )
    }
  })
})
