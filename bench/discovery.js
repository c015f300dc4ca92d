/*
 * Ids and keys for the routes that take parameters, read from the bench database (read-only,
 * plain SQL that SQLite and PostgreSQL both understand). Where there is a choice, the largest
 * record is taken (the provider with the most benchmarks, the team with the most members…), so
 * that pages are measured at their heaviest. Each finder returns null when the data has none.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const first = (rows) => rows[0] ?? null

export async function discover(db, { personas, uploads }) {
  const memo = new Map()
  const once = (key, fn) => {
    if (!memo.has(key)) memo.set(key, fn())
    return memo.get(key)
  }
  const fileExists = (key) => typeof key === 'string' && existsSync(join(uploads, key))

  const analystUser = first(
    await db.all('select id, current_team_id from users where email = ?', [personas.analyst.email])
  )
  if (!analystUser) throw new Error(`${personas.analyst.email} is missing from the bench data`)
  const membership = await db.all(
    `select t.id, t.name, m.internal_name as module
       from team_user tu
       join teams t on t.id = tu.team_id
       left join team_modules tm on tm.team_id = t.id
       left join modules m on m.id = tm.module_id
      where tu.user_id = ?
      order by t.name, t.id`,
    [analystUser.id]
  )
  const teams = []
  for (const row of membership) {
    let team = teams.find((entry) => entry.id === row.id)
    if (!team) teams.push((team = { id: row.id, name: row.name, modules: new Set() }))
    if (row.module) team.modules.add(row.module)
  }
  const home =
    teams.find((team) => team.name === personas.analyst.homeTeam) ??
    teams.find((team) => team.id === analystUser.current_team_id) ??
    teams[0]
  if (!home) throw new Error(`${personas.analyst.email} belongs to no team in the bench data`)

  return {
    analyst: { id: analystUser.id, currentTeamId: analystUser.current_team_id, home, teams },

    /** The analyst's home team when it holds the module, else their first team that does. */
    teamWith(module) {
      if (!module || home.modules.has(module)) return home
      return teams.find((team) => team.modules.has(module)) ?? null
    },

    /** The team's provider of this type with the most benchmarks (optionally: with a rate card). */
    provider(teamId, type, { rateCard = false } = {}) {
      return once(`provider:${teamId}:${type}:${rateCard}`, async () =>
        first(
          await db.all(
            `select p.id, p.provider_key as key, count(pb.id) as benchmarks
               from contracts c
               join providers p on p.id = c.provider_id
               left join product_benchmarks pb on pb.contract_id = c.id
              where c.team_id = ? and p.provider_type = ?
                ${rateCard ? 'and p.has_rate_card = true' : ''}
              group by p.id, p.provider_key
              order by count(pb.id) desc, p.id
              limit 1`,
            [teamId, type]
          )
        )
      )
    },

    /** The team's contract with this provider that has the most benchmarks. */
    contract(teamId, providerId) {
      return once(`contract:${teamId}:${providerId}`, async () =>
        first(
          await db.all(
            `select c.id, count(pb.id) as benchmarks
               from contracts c
               left join product_benchmarks pb on pb.contract_id = c.id
              where c.team_id = ? and c.provider_id = ?
              group by c.id
              order by count(pb.id) desc, c.id
              limit 1`,
            [teamId, providerId]
          )
        )
      )
    },

    /** The team's two latest saved scenarios with the provider (fewer when it has fewer). */
    scenarios(teamId, providerId) {
      return once(`scenarios:${teamId}:${providerId}`, async () =>
        db.all(
          `select id from scenarios
            where team_id = ? and provider_id = ?
            order by created_at desc, id desc
            limit 2`,
          [teamId, providerId]
        )
      )
    },

    /** A document of the team's contracts (any team's when teamId is null) with its file. */
    async document(teamId) {
      const rows = await db.all(
        `select d.id, d.file_key
           from contract_documents d
           join contracts c on c.id = d.contract_id
          ${teamId === null ? '' : 'where c.team_id = ?'}
          order by d.id
          limit 200`,
        teamId === null ? [] : [teamId]
      )
      return { rows: rows.length, withFile: rows.find((row) => fileExists(row.file_key)) ?? null }
    },

    /** The newest open research document (every team with Research Insights may read it). */
    async readableDocument() {
      return first(
        await db.all(
          `select id from research_documents
            where status = 'published' and entitlement = 'open'
            order by published_at desc, id desc limit 1`,
          []
        )
      )
    },

    /** The newest research documents with their stored file (admin download). */
    async researchDocumentWithFile() {
      const rows = await db.all(
        `select id, file_key from research_documents order by published_at desc, id desc limit 50`
      )
      return { rows: rows.length, withFile: rows.find((row) => fileExists(row.file_key)) ?? null }
    },

    /** The research provider with the most active analysts (analyst mapping). */
    mappedProvider: () =>
      once('mappedProvider', async () =>
        first(
          await db.all(
            `select p.id, p.provider_key as key, count(*) as analysts from analysts a
               join providers p on p.id = a.provider_id
              where a.status = 'active'
              group by p.id, p.provider_key order by count(*) desc, p.id limit 1`
          )
        )
      ),

    /**
     * Insights reports the team may see (published; for all clients, for the holders of one of
     * its modules, or selected for it), newest first: the first, and the first with its PDF.
     */
    visibleReports(teamId) {
      return once(`visibleReports:${teamId}`, async () => {
        const rows = await db.all(
          `select r.id, r.file_key from insights_reports r
            where r.status = 'published'
              and (r.access_type = 'all_clients'
                or (r.access_type = 'product_holders' and r.access_module in (
                      select m.internal_name from team_modules tm
                        join modules m on m.id = tm.module_id where tm.team_id = ?))
                or (r.access_type = 'selected_teams' and exists (
                      select 1 from insights_report_teams rt
                       where rt.insights_report_id = r.id and rt.team_id = ?)))
            order by r.published_at desc, r.id desc limit 50`,
          [teamId, teamId]
        )
        return {
          rows: rows.length,
          first: rows[0] ?? null,
          withFile: rows.find((row) => fileExists(row.file_key)) ?? null,
        }
      })
    },

    /** A research request the research team is working on (its page offers the answer form). */
    openResearchRequest: () =>
      once('openResearchRequest', async () =>
        first(
          await db.all(
            `select id from research_requests
              order by case status when 'in_progress' then 0 when 'submitted' then 1 else 2 end, id
              limit 1`
          )
        )
      ),

    /** The insights report with the most readers (the largest notify list and analytics). */
    mostReadReport: () =>
      once('mostReadReport', async () =>
        first(
          await db.all(
            `select insights_report_id as id, count(*) as readers from insights_report_reads
              group by insights_report_id order by count(*) desc, insights_report_id limit 1`
          )
        )
      ),

    /** Any insights report with its PDF on the disk (the admin's view of the file). */
    async reportWithFile() {
      const rows = await db.all(
        `select id, file_key from insights_reports where file_key is not null order by id desc limit 50`
      )
      return { rows: rows.length, withFile: rows.find((row) => fileExists(row.file_key)) ?? null }
    },

    /** The team's first open data collection of the kind (market_data or rsa). */
    async openCollection(teamId, kind = 'market_data') {
      return first(
        await db.all(
          `select id from data_collections
            where team_id = ? and status = 'open' and kind = ?
            order by id limit 1`,
          [teamId, kind]
        )
      )
    },

    async snapshotWithFile(teamId) {
      const rows = await db.all(
        `select id, stored_file_name from rsa_snapshots where team_id = ? order by id desc limit 50`,
        [teamId]
      )
      const withFile = rows.find((row) => fileExists(row.stored_file_name))
      return { rows: rows.length, withFile: withFile ?? null }
    },

    async marketTrendsReportWithFile() {
      const rows = await db.all(
        `select id, stored_file_name from rsa_market_trends_reports order by id desc limit 50`,
        []
      )
      const withFile = rows.find((row) => fileExists(row.stored_file_name))
      return { rows: rows.length, withFile: withFile ?? null }
    },

    /** The newest bulk import of research documents not discarded (its review page). */
    async latestDocumentImport() {
      return first(
        await db.all(
          `select id from research_document_imports
            where status <> 'discarded' order by id desc limit 1`,
          []
        )
      )
    },

    async rsaImportWithFile() {
      const rows = await db.all(
        `select id, stored_file_name from rsa_imports
          where stored_file_name is not null order by id desc limit 200`
      )
      const withFile = rows.find((row) => fileExists(`rsa-imports/${row.stored_file_name}`))
      return { rows: rows.length, withFile: withFile ?? null }
    },

    async submissionWithFile(teamId, kind = 'market_data') {
      const rows = await db.all(
        `select s.id, s.stored_file_name from data_collection_submissions s
           join data_collections c on c.id = s.data_collection_id
          where s.team_id = ? and c.kind = ? and s.stored_file_name is not null
          order by s.id limit 200`,
        [teamId, kind]
      )
      const withFile = rows.find((row) => fileExists(`data-collection/${row.stored_file_name}`))
      return { rows: rows.length, withFile: withFile ?? null }
    },

    async providerWithLogo() {
      const rows = await db.all(
        'select provider_key as key, logo from providers where logo is not null order by id'
      )
      return { rows: rows.length, withFile: rows.find((row) => fileExists(row.logo)) ?? null }
    },

    /** The team with the most members. */
    largestTeam: () =>
      once('largestTeam', async () =>
        first(
          await db.all(
            `select team_id as id, count(*) as members from team_user
              group by team_id order by count(*) desc, team_id limit 1`
          )
        )
      ),

    /** The user in the most teams. */
    busiestUser: () =>
      once('busiestUser', async () =>
        first(
          await db.all(
            `select user_id as id, count(*) as teams from team_user
              group by user_id order by count(*) desc, user_id limit 1`
          )
        )
      ),

    /** The team with the most contracts. */
    teamWithMostContracts: () =>
      once('teamWithMostContracts', async () =>
        first(
          await db.all(
            `select team_id as id, count(*) as contracts from contracts
              group by team_id order by count(*) desc, team_id limit 1`
          )
        )
      ),

    /** The team and provider pair with the most rows in `table` (contracts or proposals). */
    pairWithMost: (table) =>
      once(`pair:${table}`, async () =>
        first(
          await db.all(
            `select r.team_id as "teamId", p.provider_key as "providerKey", count(*) as total
               from ${table} r
               join providers p on p.id = r.provider_id
              group by r.team_id, p.provider_key
              order by count(*) desc, r.team_id, p.provider_key
              limit 1`
          )
        )
      ),

    /** The provider with the most products in the catalogue. */
    providerWithMostProducts: () =>
      once('providerWithMostProducts', async () =>
        first(
          await db.all(
            `select p.id, p.provider_key as key, count(pp.id) as products
               from providers p
               left join provider_products pp on pp.provider_id = p.id
              group by p.id, p.provider_key
              order by count(pp.id) desc, p.id
              limit 1`
          )
        )
      ),

    /** The contract with the most benchmarks, all teams. */
    largestContract: () =>
      once('largestContract', async () =>
        first(
          await db.all(
            `select c.id, count(pb.id) as benchmarks
               from contracts c
               left join product_benchmarks pb on pb.contract_id = c.id
              group by c.id
              order by count(pb.id) desc, c.id
              limit 1`
          )
        )
      ),

    /** The contract with the most documents, else the one with the most benchmarks. */
    contractWithDocuments: () =>
      once('contractWithDocuments', async () => {
        const row = first(
          await db.all(
            `select contract_id as id, count(*) as documents from contract_documents
              group by contract_id order by count(*) desc, contract_id limit 1`
          )
        )
        return row ?? first(await db.all('select id from contracts order by id limit 1'))
      }),

    /** The rate card with the most benchmark lines. */
    largestRateCard: () =>
      once('largestRateCard', async () =>
        first(
          await db.all(
            `select rc.id, rc.provider_id as "providerId", rc.team_type_id as "teamTypeId",
                    rc.currency_id as "currencyId", count(b.id) as lines
               from rate_cards rc
               left join rate_card_product_benchmarks b on b.rate_card_id = rc.id
              group by rc.id, rc.provider_id, rc.team_type_id, rc.currency_id
              order by count(b.id) desc, rc.id
              limit 1`
          )
        )
      ),
  }
}
