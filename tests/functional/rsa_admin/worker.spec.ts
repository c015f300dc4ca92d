import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { QueueManager } from '@adonisjs/queue'
import { knex as knexAdapter } from '@boringnode/queue/drivers/knex_adapter'
import { redis as redisAdapter } from '@boringnode/queue/drivers/redis_adapter'
import redis from '@adonisjs/redis/services/main'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeUser } from '#tests/helpers/accounts'
import { researchProvider, rsaInteractions, rsaMember, rsaTeam } from '#tests/helpers/rsa'
import { makeCollection, makeSubmission } from '#tests/helpers/submissions'
import { insertReturningId } from '#services/db/insert'
import SendSubmissionStatusMailJob from '#jobs/send_submission_status_mail_job'
import { discardImport, scratchPath, storeImportFile } from '#services/rsa/imports/imports'
import PreviewRsaImportJob from '#jobs/preview_rsa_import_job'
import CommitRsaImportJob from '#jobs/commit_rsa_import_job'

/*
 * The background jobs through a real worker process (`node ace.js jobs:work`) on the database
 * adapter, against the test database: the data here is committed, not rolled back, and removed
 * at the end. The rest of the suite runs jobs with the sync adapter (.env.test).
 */

const HEADER = 'external_ref,source_system,occurred_at,provider_key,interaction_type,duration_min'
const PEER_HEADER =
  'period,peer_group_id,provider_key,interaction_type,sector_gics,n_firms,interactions_total,median_per_firm,median_per_bn_aum'

function startWorker(extraEnv: Record<string, string> = {}, args = ['--queue=imports']) {
  const worker = spawn(process.execPath, ['ace.js', 'jobs:work', ...args], {
    env: { ...process.env, NODE_ENV: 'test', QUEUE_DRIVER: 'database', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  worker.stdout!.on('data', (chunk) => (output += chunk))
  worker.stderr!.on('data', (chunk) => (output += chunk))
  const handle = { worker, output: () => output }
  started.push(handle)
  return handle
}

/** The workers started by the current test: their output goes into a timeout's message. */
const started: { output: () => string }[] = []

async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms = 60_000
) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    const value = await check()
    if (value) return value
    await sleep(50)
  }
  const output = started.map((worker) => worker.output().slice(-3000)).join('\n---\n')
  throw new Error(`Timed out waiting for ${what}. Worker output:\n${output}`)
}

function exited(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
}

/** The state of everything an interactions import writes, but its own bookkeeping. */
async function dataState(teamId: number) {
  const count = async (table: string, where: (query: any) => void = () => {}) => {
    const query = db.from(table)
    where(query)
    const row = await query.count('* as n').first()
    return Number(row!.n)
  }
  const sample = await db
    .from('rsa_interactions')
    .where('team_id', teamId)
    .orderBy('id')
    .select('id', 'provider_id', 'occurred_on', 'interaction_type', 'external_ref', 'import_id')
  return {
    interactions: sample,
    replaced: await count('rsa_import_replaced_interactions'),
    metrics: await count('rsa_team_metrics', (q) => q.where('team_id', teamId)),
    providerStats: await count('rsa_team_provider_stats', (q) => q.where('team_id', teamId)),
    runs: await count('rsa_benchmark_runs'),
  }
}

/** A stored interactions file of the team: `count` rows, the first replacing `replacing`. */
async function storedInteractions(
  teamId: number,
  providerKey: string,
  prefix: string,
  count: number,
  replacing: string[] = []
) {
  const rows = [HEADER]
  for (let index = 0; index < count; index++) {
    const ref = index < replacing.length ? replacing[index] : `${prefix}-${index}`
    const source = index < replacing.length ? 'test' : 'crm'
    rows.push(`${ref},${source},2024-0${(index % 9) + 1}-15,${providerKey},report_read,5`)
  }
  const path = await scratchPath('csv')
  await writeFile(path, rows.join('\n'))
  return storeImportFile({
    kind: 'client_interactions',
    teamId,
    year: 2024,
    userId: null,
    source: 'command_line',
    originalFileName: `${prefix}.csv`,
    path,
  })
}

test.group('Background jobs: dispatch', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the upload dispatches the preview job (fake adapter)', async ({ client, assert }) => {
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    const fake = QueueManager.fake()
    try {
      const response = await client
        .post('/admin/research-spend-analytics/imports/peer_interactions?year=2024')
        .loginAs(admin)
        .withCsrfToken()
        .file('file', Buffer.from('period,peer_group_id\n'), { filename: 'peers.csv' })
        .redirects(0)
      response.assertStatus(302)
      const imp = await db.from('rsa_imports').orderBy('id', 'desc').first()
      fake.assertPushed(PreviewRsaImportJob, {
        queue: 'imports',
        payload: (payload: { importId: number }) => payload.importId === imp.id,
      })
      // Nothing ran: the fake only records.
      assert.equal(imp.status, 'uploaded')
    } finally {
      QueueManager.restore()
    }
  })
})

/**
 * The Redis queue's keys in the tests' Redis database, removed before the group runs: a job left
 * there by an interrupted earlier run would otherwise be taken by these tests' workers, and its
 * import id may name another test's import.
 */
async function clearRedisQueue() {
  const connection = redis.connection('main').ioConnection
  const prefix = connection.options.keyPrefix ?? ''
  const keys = await connection.keys(`${prefix}jobs::*`)
  if (keys.length) await connection.del(...keys.map((key) => key.slice(prefix.length)))
}

test.group('Background jobs through the worker', (group) => {
  const cleanup: (() => Promise<void>)[] = []
  group.setup(async () => {
    await clearRedisQueue()
  })
  group.each.teardown(async () => {
    for (const step of cleanup.splice(0).reverse()) await step()
  })

  /** A team and a provider committed for real (workers see them), removed after the test. */
  async function committedWorld(providerName: string) {
    const provider = await researchProvider(providerName, 'independent')
    const { team } = await rsaTeam({ currency: 'USD' })
    cleanup.push(async () => {
      await db.from('rsa_imports').where('team_id', team.id).delete()
      await db.from('teams').where('id', team.id).delete()
      await db.from('providers').where('id', provider.id).delete()
    })
    return { team, provider }
  }

  test('a worker previews and commits; kill -9 mid-commit leaves the data as it was, and the job is taken over and finishes once', async ({
    assert,
    client,
  }) => {
    const { team, provider } = await committedWorld('Worker Test Research')
    await rsaInteractions(team, provider, { analyst_call: 3 })
    const existing = await db
      .from('rsa_interactions')
      .where('team_id', team.id)
      .select('external_ref')

    // 120,000 rows, the first three replacing the interactions already stored.
    const imp = await storedInteractions(
      team.id,
      provider.key,
      'W',
      120_000,
      existing.map((row) => row.external_ref)
    )
    const adapter = knexAdapter(db.connection('queue').getWriteClient())

    // Preview through the worker.
    await PreviewRsaImportJob.dispatch({ importId: imp.id }).with(adapter).run()
    const first = startWorker()
    try {
      const previewed = await waitFor('the preview', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'previewed' ? row : null
      })
      assert.equal(previewed.new_rows, 119_997)
      assert.equal(previewed.updated_rows, 3)
      // The run is recorded as completed once the job returns.
      await waitFor('the preview run to be recorded', async () => {
        const run = await db
          .from('job_runs')
          .where('name', 'PreviewRsaImport')
          .orderBy('id', 'desc')
          .first()
        return run?.status === 'completed'
      })

      // Commit, and kill the worker while it writes.
      const before = await dataState(team.id)
      await db.from('rsa_imports').where('id', imp.id).update({ status: 'queued' })
      await CommitRsaImportJob.dispatch({ importId: imp.id, userId: null }).with(adapter).run()
      await waitFor('the commit to be under way', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'committing' && row.processed_rows > 0
      })
      first.worker.kill('SIGKILL')
      await exited(first.worker)
      const afterKill = await db.from('rsa_imports').where('id', imp.id).first()
      assert.equal(afterKill.status, 'committing')
      assert.deepEqual(await dataState(team.id), before)
    } finally {
      first.worker.kill('SIGKILL')
    }

    // Another worker takes the stalled job over and finishes it, once, while an administrator
    // uploads files (the admin pages write to the same database meanwhile).
    const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
    cleanup.push(async () => {
      await db.from('rsa_imports').where('user_id', admin.id).delete()
      await db.from('users').where('id', admin.id).delete()
    })
    const second = startWorker({ QUEUE_STALLED_THRESHOLD: '2s' })
    const uploads: number[] = []
    let uploading = true
    const writer = (async () => {
      while (uploading) {
        const response = await client
          .post('/admin/research-spend-analytics/imports/peer_interactions?year=2024')
          .loginAs(admin)
          .withCsrfToken()
          .file(
            'file',
            Buffer.from(`${PEER_HEADER}\n2024-Q1,all,${provider.key},analyst_call,,6,60,10,\n`),
            {
              filename: 'peers.csv',
            }
          )
          .redirects(0)
        uploads.push(response.status())
        await sleep(150)
      }
    })()
    try {
      const committed = await waitFor('the commit to finish after the takeover', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'committed' ? row : null
      })
      uploading = false
      await writer
      assert.isAbove(uploads.length, 0)
      assert.deepEqual([...new Set(uploads)], [302])
      // Each upload was recorded: none was refused by a locked database.
      const recorded = await db
        .from('rsa_imports')
        .where('user_id', admin.id)
        .count('* as n')
        .first()
      assert.equal(Number(recorded!.n), uploads.length)
      // The run the killed worker left is abandoned, not running for ever; the takeover's
      // run completed.
      const runs = await db
        .from('job_runs')
        .where('name', 'CommitRsaImport')
        .whereRaw('payload like ?', [`%"importId":${imp.id}%`])
        .orderBy('id')
        .select('status', 'error')
      assert.deepEqual(
        runs.map((run) => run.status),
        ['abandoned', 'completed']
      )
      assert.match(runs[0].error, /worker running this job stopped/)
      assert.equal(committed.new_rows, 119_997)
      assert.equal(committed.updated_rows, 3)
      const total = await db
        .from('rsa_interactions')
        .where('team_id', team.id)
        .count('* as n')
        .first()
      assert.equal(Number(total!.n), 120_000)
      const staged = await db
        .from('rsa_interaction_staging')
        .where('import_id', imp.id)
        .count('* as n')
        .first()
      assert.equal(Number(staged!.n), 0)
      const replaced = await db
        .from('rsa_import_replaced_interactions')
        .where('replaced_by_import_id', imp.id)
        .count('* as n')
        .first()
      assert.equal(Number(replaced!.n), 3)

      // A graceful stop (SIGTERM) of an idle worker: it exits cleanly.
      second.worker.kill('SIGTERM')
      assert.equal(await exited(second.worker), 0, second.output())
    } finally {
      uploading = false
      await writer
      second.worker.kill('SIGKILL')
    }
    await db
      .from('rsa_import_replaced_interactions')
      .where('replaced_by_import_id', imp.id)
      .delete()
  }).timeout(180_000)

  test('SIGTERM during a commit: the worker finishes the job, then exits 0', async ({ assert }) => {
    const { team, provider } = await committedWorld('Graceful Stop Research')
    const imp = await storedInteractions(team.id, provider.key, 'G', 120_000)
    const adapter = knexAdapter(db.connection('queue').getWriteClient())
    await PreviewRsaImportJob.dispatch({ importId: imp.id }).with(adapter).run()
    const handle = startWorker()
    try {
      await waitFor('the preview', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'previewed'
      })
      await db.from('rsa_imports').where('id', imp.id).update({ status: 'queued' })
      await CommitRsaImportJob.dispatch({ importId: imp.id, userId: null }).with(adapter).run()
      await waitFor('the commit to be under way', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'committing' && row.processed_rows > 0
      })
      handle.worker.kill('SIGTERM')
      const code = await Promise.race([exited(handle.worker), sleep(40_000).then(() => 'hung')])
      assert.equal(code, 0, handle.output().slice(-6000))
      const row = await db.from('rsa_imports').where('id', imp.id).first()
      assert.equal(row.status, 'committed')
      assert.equal(row.new_rows, 120_000)
      const run = await db
        .from('job_runs')
        .where('name', 'CommitRsaImport')
        .orderBy('id', 'desc')
        .first()
      assert.equal(run.status, 'completed')
      // The worker wrote the recurring jobs when it started (trending daily, digest Mondays).
      const schedules = await db
        .from('queue_schedules')
        .orderBy('id')
        .select('id', 'cron_expression')
      assert.deepEqual(
        schedules.map((entry) => [entry.id, entry.cron_expression]),
        [
          ['research-digest-weekly', '0 7 * * 1'],
          ['research-trending-daily', '15 2 * * *'],
        ]
      )
    } finally {
      handle.worker.kill('SIGKILL')
    }
  }).timeout(120_000)

  test('a second worker never runs a job whose worker is alive, however long it goes without renewing', async ({
    assert,
  }) => {
    const { team, provider } = await committedWorld('Live Claim Research')
    const imp = await storedInteractions(team.id, provider.key, 'L', 200_000)
    const adapter = knexAdapter(db.connection('queue').getWriteClient())
    const { jobId } = await PreviewRsaImportJob.dispatch({ importId: imp.id }).with(adapter).run()
    // A one-second threshold: the library alone would hand the job over after a second.
    const first = startWorker({ QUEUE_STALLED_THRESHOLD: '1s' })
    let second: ReturnType<typeof startWorker> | undefined
    try {
      await waitFor('the check to be under way', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'previewing' && row.processed_rows > 0
      })
      // The first worker stops answering (alive, but neither renewing nor beating) and a
      // second one polls meanwhile, well past the threshold.
      first.worker.kill('SIGSTOP')
      second = startWorker({ QUEUE_STALLED_THRESHOLD: '1s' })
      await waitFor('the second worker to poll', async () =>
        second!.output().includes('Worker started')
      )
      await sleep(5000)
      const claim = await db.from('queue_jobs').where('id', jobId).first()
      const runs = await db.from('job_runs').where('job_id', jobId).select('status', 'worker_id')
      assert.equal(claim.status, 'active')
      assert.lengthOf(runs, 1)
      assert.equal(runs[0].status, 'running')
      assert.equal(claim.worker_id, runs[0].worker_id)

      first.worker.kill('SIGCONT')
      await waitFor('the check to finish', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'previewed'
      })
      await waitFor('the run to be recorded', async () => {
        const done = await db.from('job_runs').where('job_id', jobId).select('status')
        return done.length === 1 && done[0].status === 'completed'
      })
      // Run once: one attempt recorded, by the first worker.
      const after = await db.from('job_runs').where('job_id', jobId).select('worker_id')
      assert.lengthOf(after, 1)
      assert.equal(after[0].worker_id, runs[0].worker_id)
    } finally {
      first.worker.kill('SIGCONT')
      first.worker.kill('SIGKILL')
      second?.worker.kill('SIGKILL')
    }
  }).timeout(120_000)

  test('on the Redis queue too: a live worker keeps its job however long it goes without renewing; once it is gone, another takes the job over', async ({
    assert,
  }) => {
    const { team, provider } = await committedWorld('Redis Claim Research')
    const imp = await storedInteractions(team.id, provider.key, 'RC', 200_000)
    const connection = redis.connection('main').ioConnection
    const { jobId } = await PreviewRsaImportJob.dispatch({ importId: imp.id })
      .with(redisAdapter(connection))
      .run()
    const env = { QUEUE_DRIVER: 'redis', QUEUE_STALLED_THRESHOLD: '1s' }
    const first = startWorker(env)
    let second: ReturnType<typeof startWorker> | undefined
    const claim = async () => {
      const raw = await connection.hget('jobs::imports::active', jobId)
      return raw ? (JSON.parse(raw) as { workerId: string; acquiredAt: number }) : null
    }
    try {
      await waitFor('the check to be under way', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'previewing' && row.processed_rows > 0
      })
      // The first worker stops answering (alive, but neither renewing nor beating) while a
      // second one polls, well past the threshold: the library alone would hand the job over.
      first.worker.kill('SIGSTOP')
      second = startWorker(env)
      await waitFor('the second worker to poll', async () =>
        second!.output().includes('Worker started')
      )
      await sleep(5000)
      const runs = await db.from('job_runs').where('job_id', jobId).select('status', 'worker_id')
      assert.lengthOf(runs, 1)
      assert.equal(runs[0].status, 'running')
      const held = await claim()
      assert.equal(held?.workerId, runs[0].worker_id, 'the first worker still holds the job')
      assert.isAbove(held!.acquiredAt, Date.now() - 5000, 'its claim was renewed for it')

      // Gone: the second worker takes the job over and runs it to the end; the first attempt is
      // recorded as abandoned.
      first.worker.kill('SIGKILL')
      await exited(first.worker)
      await waitFor('the check to finish', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'previewed'
      })
      const after = await waitFor('the runs to be recorded', async () => {
        const rows = await db
          .from('job_runs')
          .where('job_id', jobId)
          .orderBy('id')
          .select('status', 'worker_id')
        return rows.some((row) => row.status === 'running') ? null : rows
      })
      assert.deepEqual(
        after.map((row) => row.status),
        ['abandoned', 'completed']
      )
      assert.notEqual(after[1].worker_id, after[0].worker_id)
      assert.isNull(await claim(), 'no claim is left')
    } finally {
      first.worker.kill('SIGCONT')
      first.worker.kill('SIGKILL')
      second?.worker.kill('SIGKILL')
    }
  }).timeout(120_000)

  test('an import command killed while it runs shows as interrupted and can be discarded; nothing is written', async ({
    assert,
    client,
  }) => {
    const { team, provider } = await committedWorld('Killed Command Research')
    const rows = [HEADER]
    for (let index = 0; index < 200_000; index++) {
      rows.push(`K-${index},crm,2024-0${(index % 9) + 1}-15,${provider.key},report_read,5`)
    }
    const path = await scratchPath('csv')
    await writeFile(path, rows.join('\n'))
    const command = spawn(
      process.execPath,
      ['ace.js', 'import:client-interactions', path, `--team=${team.id}`, '--year=2024'],
      { env: { ...process.env, NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let output = ''
    command.stdout!.on('data', (chunk) => (output += chunk))
    command.stderr!.on('data', (chunk) => (output += chunk))
    started.push({ output: () => output })
    try {
      // The command checks and writes in one pass (status committing, phase staging).
      const checking = await waitFor('the command to be at work', async () => {
        const row = await db.from('rsa_imports').where('team_id', team.id).first()
        return row?.runner_id && row.processed_rows > 0 ? row : null
      })
      const runner = await db.from('worker_processes').where('id', checking.runner_id).first()
      assert.equal(runner.kind, 'command')
      command.kill('SIGKILL')
      await exited(command)

      const admin = await makeUser({ isAdministrator: true, roles: ['Research administrator'] })
      cleanup.push(async () => {
        await db.from('users').where('id', admin.id).delete()
      })
      const page = await client
        .get(`/admin/research-spend-analytics/imports/${checking.id}`)
        .loginAs(admin)
        .withInertia()
      page.assertStatus(200)
      assert.include(['previewing', 'committing'], page.body().props.current.status)
      assert.isTrue(page.body().props.current.interrupted, 'shown as interrupted')
      assert.equal(await discardImport(checking.id), 'discarded')
      const row = await db.from('rsa_imports').where('id', checking.id).first()
      assert.equal(row.status, 'discarded')
      const written = await db.from('rsa_interactions').where('team_id', team.id).count('* as n')
      assert.equal(Number(written[0].n), 0, 'nothing was written')
    } finally {
      command.kill('SIGKILL')
    }
  }).timeout(120_000)

  test('jobs:work runs mails apart from imports: a mail goes out while a long import is checked', async ({
    assert,
  }) => {
    const { team, provider } = await committedWorld('Queues Apart Research')
    const member = await rsaMember(team)
    const collection = await makeCollection(team.id)
    const submission = await makeSubmission(team.id, collection, {
      status: 'processing',
      userId: member.id,
    })
    cleanup.push(async () => {
      await db.from('data_collection_submissions').where('id', submission).delete()
      await db.from('data_collections').where('id', collection).delete()
      await db.from('users').where('id', member.id).delete()
    })
    const changeId = await insertReturningId(db.connection(), 'data_collection_status_changes', {
      submission_id: submission,
      from_status: 'submitted',
      to_status: 'processing',
      message: 'We are reading your file.',
      created_at: '2024-05-01 10:00:00',
    })
    const imp = await storedInteractions(team.id, provider.key, 'Q', 400_000)
    const adapter = knexAdapter(db.connection('queue').getWriteClient())
    await PreviewRsaImportJob.dispatch({ importId: imp.id }).with(adapter).run()
    // Every pool, as `npm run worker` starts them.
    const workers = startWorker({}, [])
    try {
      await waitFor('the check to be under way', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'previewing' && row.processed_rows > 0
      })
      await SendSubmissionStatusMailJob.dispatch({ statusChangeId: changeId }).with(adapter).run()
      await waitFor('the mail to be sent', async () => {
        const change = await db.from('data_collection_status_changes').where('id', changeId).first()
        return change.notified_at !== null
      })
      const during = await db.from('rsa_imports').where('id', imp.id).first()
      assert.equal(during.status, 'previewing', 'the mail waited for the import')
      await waitFor('the check to finish', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'previewed'
      })
      // A stop signal stops every pool; the whole exits 0.
      workers.worker.kill('SIGTERM')
      assert.equal(await exited(workers.worker), 0, workers.output().slice(-3000))
    } finally {
      // The pools' processes stop with their supervisor's SIGTERM (a SIGKILL would orphan them).
      if (workers.worker.exitCode === null) {
        workers.worker.kill('SIGTERM')
        await Promise.race([exited(workers.worker), sleep(30_000)])
      }
      workers.worker.kill('SIGKILL')
    }
  }).timeout(120_000)

  test('the same jobs through Redis (QUEUE_DRIVER=redis)', async ({ assert }) => {
    const { team, provider } = await committedWorld('Redis Queue Research')
    const imp = await storedInteractions(team.id, provider.key, 'R', 500)
    const connection = redis.connection('main').ioConnection
    await PreviewRsaImportJob.dispatch({ importId: imp.id }).with(redisAdapter(connection)).run()
    const worker = startWorker({ QUEUE_DRIVER: 'redis' })
    try {
      const previewed = await waitFor('the preview through Redis', async () => {
        const row = await db.from('rsa_imports').where('id', imp.id).first()
        return row.status === 'previewed' ? row : null
      })
      assert.equal(previewed.new_rows, 500)
      worker.worker.kill('SIGTERM')
      assert.equal(await exited(worker.worker), 0, worker.output())
    } finally {
      worker.worker.kill('SIGKILL')
    }
  }).timeout(60_000)
})
