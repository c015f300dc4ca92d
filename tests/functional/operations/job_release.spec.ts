import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { releaseJobsOfWorker } from '#services/jobs/claiming_adapter'

/*
 * A worker stopped with jobs still running past SHUTDOWN_TIMEOUT_MS (commands/jobs_work.ts)
 * puts them back in the queue. Rows are committed and removed at the end.
 */
const STOPPING = 'worker-stopping'
const OTHER = 'worker-other'

async function job(id: string, status: string, workerId: string | null) {
  await db.table('queue_jobs').insert({
    id,
    queue: 'imports',
    status,
    data: JSON.stringify({
      id,
      name: 'PreviewRsaImportJob',
      payload: { importId: 1 },
      priority: 3,
    }),
    score: 1,
    worker_id: workerId,
    acquired_at: workerId ? Date.now() - 5_000 : null,
  })
  await db.table('job_runs').insert({
    job_id: id,
    name: 'PreviewRsaImportJob',
    queue: 'imports',
    payload: '{"importId":1}',
    status: workerId ? 'running' : 'completed',
    started_at: new Date().toISOString().slice(0, 19).replace('T', ' '),
  })
}

test.group('Jobs given back by a stopping worker', (group) => {
  const ids = ['release-held', 'release-other', 'release-done']
  const clean = async () => {
    await db.from('queue_jobs').whereIn('id', ids).delete()
    await db.from('job_runs').whereIn('job_id', ids).delete()
  }
  group.each.setup(async () => {
    await clean()
    return clean
  })

  test('its active jobs are pending again and their attempts abandoned; others untouched', async ({
    assert,
  }) => {
    await job('release-held', 'active', STOPPING)
    await job('release-other', 'active', OTHER)
    await job('release-done', 'completed', null)

    const released = await releaseJobsOfWorker(db.connection().getWriteClient() as never, STOPPING)
    assert.equal(released, 1)

    const held = await db.from('queue_jobs').where('id', 'release-held').firstOrFail()
    assert.equal(held.status, 'pending')
    assert.isNull(held.worker_id)
    assert.isNull(held.acquired_at)
    assert.isAbove(Number(held.score), 3e13)
    const heldRun = await db.from('job_runs').where('job_id', 'release-held').firstOrFail()
    assert.equal(heldRun.status, 'abandoned')
    assert.match(heldRun.error, /stopped before it finished.*put back in the queue/)
    assert.isNotNull(heldRun.finished_at)

    const other = await db.from('queue_jobs').where('id', 'release-other').firstOrFail()
    assert.equal(other.status, 'active')
    assert.equal(other.worker_id, OTHER)
    const otherRun = await db.from('job_runs').where('job_id', 'release-other').firstOrFail()
    assert.equal(otherRun.status, 'running')
    const doneRun = await db.from('job_runs').where('job_id', 'release-done').firstOrFail()
    assert.equal(doneRun.status, 'completed')
  })

  test('a worker holding nothing gives nothing back', async ({ assert }) => {
    await job('release-other', 'active', OTHER)
    assert.equal(await releaseJobsOfWorker(db.connection().getWriteClient() as never, STOPPING), 0)
    const other = await db.from('queue_jobs').where('id', 'release-other').firstOrFail()
    assert.equal(other.status, 'active')
  })
})
