/*
 * The load generator, in its own process (forked by bench/runner.js) so that it never shares
 * an event loop with the script that coordinates the run. It receives one job at a time over
 * IPC, runs autocannon and answers with a summary: exact latency percentiles from every
 * response's time, the status codes seen, socket errors and timeouts.
 */
import autocannon from 'autocannon'

function percentile(sorted, p) {
  if (sorted.length === 0) return null
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return Math.round(sorted[index] * 100) / 100
}

function run(job) {
  return new Promise((resolve, reject) => {
    const times = []
    const instance = autocannon(
      {
        url: job.url,
        method: job.method,
        headers: job.headers,
        body: job.body,
        connections: job.connections,
        duration: job.seconds,
        timeout: 10,
      },
      (error, result) => {
        if (error) return reject(error)
        times.sort((a, b) => a - b)
        resolve({
          requests: result.requests.total,
          seconds: result.duration,
          rps: result.requests.total / result.duration,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          max: percentile(times, 100),
          non2xx: result.non2xx,
          statusCodes: Object.fromEntries(
            Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count])
          ),
          errors: result.errors,
          timeouts: result.timeouts,
        })
      }
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  })
}

process.on('message', async (job) => {
  try {
    process.send({ id: job.id, result: await run(job) })
  } catch (error) {
    process.send({ id: job.id, error: String(error?.stack ?? error) })
  }
})
