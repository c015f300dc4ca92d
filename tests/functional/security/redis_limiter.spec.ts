import { test } from '@japa/runner'
import { createConnection } from 'node:net'
import limiter from '@adonisjs/limiter/services/main'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'

/** Whether a Redis server answers where the application would connect. */
function redisAnswers() {
  return new Promise<boolean>((resolve) => {
    const socket = createConnection({
      host: env.get('REDIS_HOST') ?? '127.0.0.1',
      port: env.get('REDIS_PORT') ?? 6379,
    })
    socket.setTimeout(1000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

const redisAvailable = await redisAnswers()

test.group('Rate limits in Redis', () => {
  test('LIMITER_STORE=redis counts attempts in Redis, shared by every instance', async ({
    assert,
    cleanup,
  }) => {
    const key = `test_${Date.now()}_${Math.random().toString(36).slice(2)}`
    cleanup(async () => {
      await limiter.use('redis', { requests: 2, duration: '1 minute' }).delete(key)
      await redis.quit('main')
    })
    const first = limiter.use('redis', { requests: 2, duration: '1 minute' })
    await first.consume(key)
    // Another process reads the same counter through its own limiter instance.
    const second = limiter.use('redis', { requests: 2, duration: '1 minute' })
    assert.equal(await second.remaining(key), 1)
    await second.consume(key)
    await assert.rejects(() => first.consume(key), /Too many requests/)
    const stored = await redis.keys(`*${key}*`)
    assert.isAbove(stored.length, 0, 'the counter lives in Redis')
  }).skip(!redisAvailable, 'no Redis server answers on REDIS_HOST:REDIS_PORT')
})
