/*
 * What is measured, route by route. Every GET route of `node ace.js list:routes --json` must
 * appear either in MEASURED or in SKIPPED (with the reason): a new route fails the bench until
 * someone decides how to measure it.
 *
 * A MEASURED entry says who asks (`as`: a persona of config.js), how (`kind`: a signed-out
 * HTML page, an Inertia visit or a JSON call), the target group of the report (`group`), the
 * module the analyst's team must hold (the analyst's home team, else another of their teams),
 * and how to fill the route's parameters from the data (`resolve`). `mode: 'status'` makes a
 * single request whose status is checked (downloads and exports), instead of a load test.
 */
const MD = 'market-data-contracts'
const RATE_CARD = 'market-data-rate-card'
const ALT = 'alternative-data'
const COLLECTION = 'market-data-data-collection'
const RSA = 'rsa-budgets'
const RESEARCH = 'rd-trending-themes'
const ANALYSTS = 'analyst_mapping'
const REPORTS = 'insights-reports'

const SIGNED_LINK =
  'signed link from an email (signature and token made when the mail is sent); not reached by browsing'

export const SKIPPED = {
  'twoFactor.challenge':
    'only between the password and the code of an account with two-factor authentication; the demo personas have none',
  'password.reset': SIGNED_LINK,
  'invitation.show': SIGNED_LINK,
  'email.verify': `${SIGNED_LINK}; following it changes the account`,
  'email.change.confirm': `${SIGNED_LINK}; following it changes the account`,
  'unsubscribe': SIGNED_LINK,
  'researchDocumentsAdmin.exports.download':
    'a ZIP an administrator asked for, kept for a day; the benchmark data holds none (built by a background job)',
  'password.rotate':
    'only while the password has expired; otherwise a redirect to the dashboard (no page to measure)',
  'twoFactor.required':
    'only while a team requires two-factor authentication the user has not set up; otherwise a redirect',
}

/** Read-only POST endpoints (calculations) that are measured too. Nothing else is posted. */
export const READ_ONLY_POSTS = [
  'api.marketData.productCategories',
  'api.providers.headcountGained',
  'api.providers.headcountLost',
  'api.providers.experienceGained',
  'api.providers.experienceLost',
  'api.providers.sectorBreakdown',
  'api.trendingThemes.researchDocuments',
  'api.trendingThemes.userResearchDocuments',
]

const provider = (type, options) => async (d, team) => {
  const row = await d.provider(team.id, type, options)
  return row ? { params: { provider_key: row.key, providerKey: row.key } } : null
}

const providerId = (type) => async (d, team) => {
  const row = await d.provider(team.id, type)
  return row ? { params: { providerId: row.id } } : null
}

/** A file that may be missing from the data: measured for status when one exists. */
const storedFile = (find, param, what) => async (d, team) => {
  const found = await find(d, team)
  if (found.withFile) return { params: { [param]: found.withFile.id ?? found.withFile.key } }
  return {
    skip: found.rows
      ? `the data has ${what} rows but none with its stored file`
      : `the data has no ${what}`,
  }
}

const row = (find, toParams) => async (d, team) => {
  const found = await find(d, team)
  return found ? toParams(found, team) : null
}

export const MEASURED = {
  // Signed-out pages: a first visit, full HTML.
  'login': { as: 'guest', kind: 'html', group: 'signed-out' },
  'password.forgot': { as: 'guest', kind: 'html', group: 'signed-out' },
  'register': { as: 'guest', kind: 'html', group: 'signed-out' },
  'sso.metadata': {
    as: 'guest',
    kind: 'download',
    mode: 'status',
    why: 'XML fetched by identity providers now and then',
    module: 'sso-management',
    resolve: async (_d, team) => ({ params: { teamId: team.id } }),
  },

  // The client area, as the analyst.
  'dashboard': { as: 'analyst', kind: 'inertia', group: 'dashboard' },
  'password.confirm': { as: 'analyst', kind: 'inertia', group: 'client' },
  'email.notice': { as: 'analyst', kind: 'inertia', group: 'client' },
  'profile.show': { as: 'analyst', kind: 'inertia', group: 'client' },
  'SsoManagement': { as: 'analyst', kind: 'inertia', group: 'client', module: 'sso-management' },
  'RSABudgets': { as: 'analyst', kind: 'inertia', group: 'client', module: RSA },
  // The summary dashboard: every asset of the analyst's team with its facet counts.
  'summary': { as: 'analyst', kind: 'inertia', group: 'client', module: RSA },
  'api.dashboard.summary': { as: 'analyst', kind: 'json', group: 'api', module: RSA },
  'adminSummaryFacets': { as: 'admin', kind: 'inertia', group: 'admin' },
  'api.rsa.budgets': { as: 'analyst', kind: 'json', group: 'api', module: RSA },
  'rsaBudgetsExport': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'XLSX export, built on demand',
    module: RSA,
    resolve: async () => ({ params: {}, query: 'format=xlsx' }),
  },
  'RSAPeerGroup': { as: 'analyst', kind: 'inertia', group: 'client', module: RSA },
  'RSAOutliers': { as: 'analyst', kind: 'inertia', group: 'client', module: RSA },
  'rsaPeerInteractions': { as: 'analyst', kind: 'inertia', group: 'client', module: RSA },
  'RSABenchmarkRateCard': { as: 'analyst', kind: 'inertia', group: 'client', module: RSA },
  'RSAMarketTrendsReport': { as: 'analyst', kind: 'inertia', group: 'client', module: RSA },
  'rsaMarketTrendsReport.file': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'file download',
    module: RSA,
    resolve: storedFile((d) => d.marketTrendsReportWithFile(), 'id', 'market trends report'),
  },
  'rsaSnapshot': { as: 'analyst', kind: 'inertia', group: 'client', module: RSA },
  'rsaSnapshot.file': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'file download',
    module: RSA,
    resolve: storedFile((d, team) => d.snapshotWithFile(team.id), 'id', 'snapshot'),
  },
  'rsaDataCollection': { as: 'analyst', kind: 'inertia', group: 'client', module: RSA },
  'rsaDataCollection.template': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'XLSX template, built on demand',
    module: RSA,
    resolve: row(
      (d, team) => d.openCollection(team.id, 'rsa'),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'rsaDataCollection.submissionFile': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'file download',
    module: RSA,
    resolve: storedFile(
      (d, team) => d.submissionWithFile(team.id, 'rsa'),
      'id',
      'research spend submission file'
    ),
  },
  // Research Insights, as the analyst in a team holding it.
  'trendingThemes': { as: 'analyst', kind: 'inertia', group: 'client', module: RESEARCH },
  'allThemes': { as: 'analyst', kind: 'inertia', group: 'client', module: RESEARCH },
  'myThemes': { as: 'analyst', kind: 'inertia', group: 'client', module: RESEARCH },
  'allResearch': { as: 'analyst', kind: 'inertia', group: 'client', module: RESEARCH },
  'userResearch': { as: 'analyst', kind: 'inertia', group: 'client', module: RESEARCH },
  'readArticlePdf': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: RESEARCH,
    note: 'records a read each visit',
    resolve: row(
      (d, team) => d.readableDocument(team.id),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'researchDocumentFile': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'PDF streamed from Drive',
    module: RESEARCH,
    resolve: row(
      (d, team) => d.readableDocument(team.id),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'researchRequests': { as: 'analyst', kind: 'inertia', group: 'client', module: RESEARCH },
  'api.trendingThemes': { as: 'analyst', kind: 'json', group: 'api', module: RESEARCH },
  'api.trendingThemes.movements': { as: 'analyst', kind: 'json', group: 'api', module: RESEARCH },
  'api.trendingThemes.providers': { as: 'analyst', kind: 'json', group: 'api', module: RESEARCH },
  'api.trendingThemes.allThemeGroups': {
    as: 'analyst',
    kind: 'json',
    group: 'api',
    module: RESEARCH,
  },
  'api.trendingThemes.userThemeGroups': {
    as: 'analyst',
    kind: 'json',
    group: 'api',
    module: RESEARCH,
  },
  // Full-text search over every document the team may read (200,000 at the large scale).
  'api.trendingThemes.researchDocuments': {
    as: 'analyst',
    kind: 'json',
    method: 'POST',
    body: { page: 1, isAnyFilterApplied: true, filters: { searchTerm: 'inflation' } },
    group: 'api',
    module: RESEARCH,
    note: 'read-only POST: search "inflation", newest first',
    // A user's search answers in p95 < 100 ms: measured with one connection after the load.
    latencyTargetMs: 100,
  },
  'api.trendingThemes.userResearchDocuments': {
    as: 'analyst',
    kind: 'json',
    method: 'POST',
    body: { page: 1, isAnyFilterApplied: false, filters: {} },
    group: 'api',
    module: RESEARCH,
    note: 'read-only POST: bookmarks and starred themes',
  },
  'insightsReports': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: REPORTS,
  },
  // The newest report the team may see; every visit records a read (one upsert).
  'singleInsightsReport': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: REPORTS,
    resolve: row(
      async (d, team) => (await d.visibleReports(team.id)).first,
      (found) => ({ params: { id: found.id } })
    ),
  },
  'insightsReports.file': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'the PDF in the viewer (streamed, no-store)',
    module: REPORTS,
    resolve: storedFile((d, team) => d.visibleReports(team.id), 'id', 'insights report'),
  },
  'insightsReports.download': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'file download (logged)',
    module: REPORTS,
    resolve: storedFile((d, team) => d.visibleReports(team.id), 'id', 'insights report'),
  },
  'ProviderLeagueTable': { as: 'analyst', kind: 'inertia', group: 'client', module: ANALYSTS },
  'providersExport': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'CSV of the league table',
    module: ANALYSTS,
  },
  // The provider with the most analysts: the largest heat maps and footprint.
  'ProviderPage': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: ANALYSTS,
    resolve: row(
      (d) => d.mappedProvider(),
      (found) => ({ params: { providerKey: found.key } })
    ),
  },
  'api.providers': { as: 'analyst', kind: 'json', group: 'api', module: ANALYSTS },
  'api.providers.providerTypes': { as: 'analyst', kind: 'json', group: 'api', module: ANALYSTS },
  'api.providers.mapped': { as: 'analyst', kind: 'json', group: 'api', module: ANALYSTS },
  'api.providers.sectors': { as: 'analyst', kind: 'json', group: 'api', module: ANALYSTS },
  'api.providers.regions': { as: 'analyst', kind: 'json', group: 'api', module: ANALYSTS },
  'api.providers.contextInfo': { as: 'analyst', kind: 'json', group: 'api', module: ANALYSTS },
  'api.marketData.contextInfo': { as: 'analyst', kind: 'json', group: 'api' },
  ...Object.fromEntries(
    ['headcountGained', 'headcountLost', 'experienceGained', 'experienceLost'].map((name) => [
      `api.providers.${name}`,
      {
        as: 'analyst',
        kind: 'json',
        method: 'POST',
        group: 'api',
        module: ANALYSTS,
        note: 'read-only POST: every year, sector and region of the largest provider',
        resolve: row(
          (d) => d.mappedProvider(),
          (found) => ({
            params: {},
            body: { providerId: found.id, sectorList: [], yearList: [], regionCodes: [] },
          })
        ),
      },
    ])
  ),
  'api.providers.sectorBreakdown': {
    as: 'analyst',
    kind: 'json',
    method: 'POST',
    group: 'api',
    module: ANALYSTS,
    note: "read-only POST: the team's interactions with the largest provider by sector",
    resolve: row(
      (d) => d.mappedProvider(),
      (found, team) => ({
        params: {},
        body: { teamId: team.id, providerId: found.id, selectedSectorIds: [] },
      })
    ),
  },
  'marketData': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: MD,
    note: "the overview of the team's market data providers",
  },
  'marketDataProvider': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: MD,
    resolve: provider('market_data'),
  },
  'scenarios.index': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: MD,
    resolve: provider('market_data'),
  },
  'scenarios.compare': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: MD,
    note: "two of the team's saved scenarios side by side",
    resolve: async (d, team) => {
      const found = await d.provider(team.id, 'market_data')
      const saved = found ? await d.scenarios(team.id, found.id) : []
      if (saved.length < 2) return { skip: 'the data has fewer than two saved scenarios' }
      return {
        params: { provider_key: found.key },
        query: `left=${saved[0].id}&right=${saved[1].id}`,
      }
    },
  },
  'scenarios.export': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'XLSX export of a saved scenario, built on demand',
    module: MD,
    resolve: async (d, team) => {
      const found = await d.provider(team.id, 'market_data')
      const saved = found ? await d.scenarios(team.id, found.id) : []
      if (saved.length === 0) return { skip: 'the data has no saved scenario' }
      return { params: { provider_key: found.key, id: saved[0].id }, query: 'format=xlsx' }
    },
  },
  'scenarioAnalysis': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: MD,
    resolve: provider('market_data'),
  },
  'marketDataProposals': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: MD,
    resolve: provider('market_data'),
  },
  'marketDataRateCard': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: RATE_CARD,
    resolve: provider('market_data', { rateCard: true }),
  },
  'marketDataExport': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'XLSX export, built on demand',
    module: MD,
    resolve: async (d, team) => {
      const found = await provider('market_data')(d, team)
      return found && { ...found, query: 'format=xlsx' }
    },
  },
  'marketDataDocument': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'file download',
    module: MD,
    resolve: storedFile((d, team) => d.document(team.id), 'id', 'contract document'),
  },
  'marketDataTemplates': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: COLLECTION,
  },
  'marketDataTemplates.template': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'XLSX template, built on demand',
    module: COLLECTION,
    resolve: row(
      (d, team) => d.openCollection(team.id),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'marketDataTemplates.submissionFile': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'file download',
    module: COLLECTION,
    resolve: storedFile((d, team) => d.submissionWithFile(team.id), 'id', 'submission file'),
  },
  'AlternativeData': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: ALT,
    expect: 302,
    note: 'redirects to the first provider',
  },
  'alternativeDataProvider': {
    as: 'analyst',
    kind: 'inertia',
    group: 'client',
    module: ALT,
    resolve: provider('alternative_data'),
  },
  'alternativeDataExport': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'XLSX export, built on demand',
    module: ALT,
    resolve: async (d, team) => {
      const found = await d.provider(team.id, 'alternative_data')
      const contract = found && (await d.contract(team.id, found.id))
      return contract
        ? { params: { provider_key: found.key }, query: `contract=${contract.id}&format=xlsx` }
        : null
    },
  },
  'providerLogo': {
    as: 'analyst',
    kind: 'download',
    mode: 'status',
    why: 'image, kept by browsers (versioned address)',
    resolve: storedFile((d) => d.providerWithLogo(), 'providerKey', 'provider logo'),
  },

  // The client JSON API, as the analyst.
  'api.permissions': { as: 'analyst', kind: 'json', group: 'api' },
  'api.tour.show': { as: 'analyst', kind: 'json', group: 'api' },
  'api.currencies': { as: 'analyst', kind: 'json', group: 'api' },
  'api.insightsReports.unread': { as: 'analyst', kind: 'json', group: 'api' },
  'api.marketData.activeProviders': { as: 'analyst', kind: 'json', group: 'api', module: MD },
  'api.marketData.inactiveProviders': { as: 'analyst', kind: 'json', group: 'api', module: MD },
  'api.marketData.benchmarks.activeUpcoming': {
    as: 'analyst',
    kind: 'json',
    group: 'api',
    module: MD,
    resolve: providerId('market_data'),
  },
  'api.marketData.contracts': {
    as: 'analyst',
    kind: 'json',
    group: 'api',
    module: MD,
    resolve: providerId('market_data'),
  },
  'api.marketData.benchmarks.contract': {
    as: 'analyst',
    kind: 'json',
    group: 'api',
    module: MD,
    resolve: async (d, team) => {
      const found = await d.provider(team.id, 'market_data')
      const contract = found && (await d.contract(team.id, found.id))
      return contract ? { params: { contractId: contract.id } } : null
    },
  },
  'api.marketData.productCategories': {
    as: 'analyst',
    kind: 'json',
    method: 'POST',
    body: {},
    group: 'api',
    module: MD,
    note: 'read-only POST (Active & Upcoming tab)',
    resolve: provider('market_data'),
  },

  // The admin area, as the administrator with every permission.
  'adminHome': { as: 'admin', kind: 'inertia', group: 'admin' },
  'accountManagement': { as: 'admin', kind: 'inertia', group: 'admin' },
  'adminUsers': { as: 'admin', kind: 'inertia', group: 'admin' },
  'adminRoles': { as: 'admin', kind: 'inertia', group: 'admin' },
  'adminSecurityLog': { as: 'admin', kind: 'inertia', group: 'admin' },
  'adminFeedback': { as: 'admin', kind: 'inertia', group: 'admin' },
  'teamProfile': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'the team with the most members',
    resolve: row(
      (d) => d.largestTeam(),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'userProfile': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'the user in the most teams',
    resolve: row(
      (d) => d.busiestUser(),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'editMarketData': { as: 'admin', kind: 'inertia', group: 'admin' },
  'editMarketDataTeam': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: row(
      (d) => d.teamWithMostContracts(),
      (found) => ({ params: { teamId: found.id } })
    ),
  },
  'editMarketDataProvider': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: row(
      (d) => d.pairWithMost('contracts'),
      (found) => ({ params: found })
    ),
  },
  'adminMdProposals': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: row(
      async (d) => (await d.pairWithMost('proposals')) ?? (await d.pairWithMost('contracts')),
      (found) => ({ params: found })
    ),
  },
  'adminMdProviderClassification': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: row(
      (d) => d.providerWithMostProducts(),
      (found) => ({ params: { providerKey: found.key } })
    ),
  },
  'updateRegressions': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: row(
      (d) => d.providerWithMostProducts(),
      (found) => ({ params: { providerKey: found.key } })
    ),
  },
  'adminMdAudit': { as: 'admin', kind: 'inertia', group: 'admin' },
  'adminMdRateCard': { as: 'admin', kind: 'inertia', group: 'admin' },
  'createMdRateCard': { as: 'admin', kind: 'inertia', group: 'admin' },
  'editMdRateCard': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: row(
      (d) => d.largestRateCard(),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'updateUniverse': { as: 'admin', kind: 'inertia', group: 'admin' },
  'adminMdCatalogue': { as: 'admin', kind: 'inertia', group: 'admin' },
  'uploadContract': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: row(
      (d) => d.contractWithDocuments(),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'adminMdContractDocuments.download': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'file download',
    resolve: storedFile((d) => d.document(null), 'documentId', 'contract document'),
  },
  'adminMdUniverse.workbook': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'XLSX workbook, built on demand',
  },
  'adminMdProviderLogo': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'image',
    resolve: storedFile((d) => d.providerWithLogo(), 'providerKey', 'provider logo'),
  },
  'adminBackgroundJobs': { as: 'admin', kind: 'inertia', group: 'admin' },
  'rsaAdminOverview': { as: 'admin', kind: 'inertia', group: 'admin' },
  'rsaBudgetUpload': { as: 'admin', kind: 'inertia', group: 'admin' },
  'rsaClientInteractionsUpload': { as: 'admin', kind: 'inertia', group: 'admin' },
  'rsaPeerInteractionsUpload': { as: 'admin', kind: 'inertia', group: 'admin' },
  'rsaImports.template': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'file download',
    resolve: async () => ({ params: { kind: 'client_interactions' } }),
  },
  'rsaImports.show': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: storedFile((d) => d.rsaImportWithFile(), 'id', 'research spend import'),
  },
  'rsaImports.file': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'file download',
    resolve: storedFile((d) => d.rsaImportWithFile(), 'id', 'research spend import'),
  },
  'rsaAdminProviders': { as: 'admin', kind: 'inertia', group: 'admin' },
  'rsaAdminProviders.audit': { as: 'admin', kind: 'inertia', group: 'admin' },
  'rsaAdminProviders.logo': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'image',
    resolve: storedFile((d) => d.providerWithLogo(), 'providerKey', 'provider logo'),
  },
  'rsaDataCollections': { as: 'admin', kind: 'inertia', group: 'admin' },
  'rsaDataCollectionSubmissions': { as: 'admin', kind: 'inertia', group: 'admin' },
  'rsaDataCollectionSubmissions.file': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'file download',
    note: "a research spend submission of the analyst's team",
    module: RSA,
    resolve: storedFile(
      (d, team) => d.submissionWithFile(team.id, 'rsa'),
      'id',
      'research spend submission file'
    ),
  },
  'providersAdmin': { as: 'admin', kind: 'inertia', group: 'admin' },
  'providersAdmin.moves': { as: 'admin', kind: 'inertia', group: 'admin' },
  'providersAdmin.import': { as: 'admin', kind: 'inertia', group: 'admin' },
  'providersAdmin.dataQuality': { as: 'admin', kind: 'inertia', group: 'admin' },
  'providersAdmin.audit': { as: 'admin', kind: 'inertia', group: 'admin' },
  'themeRanking': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'the latest computed week of the trending ranking, every theme with its breakdown',
  },
  'themeManagement': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'the theme group tree and every theme with its synonyms, documents and stars counted',
  },
  'researchDiscoveryAnalytics': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'per provider over the last 12 weeks: ingested, reads, readers, median time to first read',
  },
  'researchDiscoveryAnalytics.trends': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'documents per theme per week over the last 12 weeks, searches that found nothing',
  },
  'researchDiscoveryAnalytics.users': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'weekly active readers per team over the last 12 weeks, digest click-through',
  },
  'providersAdmin.analysts.search': {
    as: 'admin',
    kind: 'json',
    group: 'api',
    note: 'the analyst picker of the move form: search "an"',
    resolve: async () => ({ params: {}, query: 'q=an' }),
  },
  'providersAdmin.import.template': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'CSV header of the roster import',
    resolve: async () => ({ params: { kind: 'roster' } }),
  },
  'adminInsightsReports': { as: 'admin', kind: 'inertia', group: 'admin' },
  'adminInsightsReports.create': { as: 'admin', kind: 'inertia', group: 'admin' },
  'adminInsightsReports.taxonomy': { as: 'admin', kind: 'inertia', group: 'admin' },
  // The most-read report: the longest readers list and notify list.
  'researchRequestsAdmin': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'the open research requests of every team, the neediest first',
  },
  'researchRequestsAdmin.show': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'a research request in progress with a document search for its answer',
    resolve: row(
      (d) => d.openResearchRequest(),
      (found) => ({ params: { id: found.id }, query: 'q=rates' })
    ),
  },
  'adminInsightsReports.show': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: row(
      (d) => d.mostReadReport(),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'adminInsightsReports.file': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'the PDF, for the administrator to check',
    resolve: storedFile((d) => d.reportWithFile(), 'id', 'insights report'),
  },
  'researchDocumentsAdmin': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'the completed documents, newest first (200,000+ at the large scale)',
  },
  'newResearchDocument': { as: 'admin', kind: 'inertia', group: 'admin' },
  'editResearchDocument': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    resolve: row(
      (d) => d.readableDocument(),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'researchDocumentImports': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'the upload form and the latest bulk imports',
  },
  'researchDocumentImports.show': {
    as: 'admin',
    kind: 'inertia',
    group: 'admin',
    note: 'a bulk import with its report and preview (when the data has one)',
    resolve: async (d) => {
      const found = await d.latestDocumentImport()
      return found
        ? { params: { id: found.id } }
        : { skip: 'the data has no bulk import of research documents (made by an administrator)' }
    },
  },
  'researchDocumentImports.template': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'the column template',
  },
  'researchDocumentsAdmin.processing': {
    as: 'admin',
    kind: 'json',
    group: 'api',
    note: 'what the edit page asks while a document is processed',
    resolve: row(
      (d) => d.readableDocument(),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'researchDocumentsAdmin.file': {
    as: 'admin',
    kind: 'download',
    mode: 'status',
    why: 'the PDF, for the administrator to check',
    resolve: storedFile((d) => d.researchDocumentWithFile(), 'id', 'research document'),
  },

  // The admin JSON API.
  'api.admin.marketData.contract.productBenchmarks': {
    as: 'admin',
    kind: 'json',
    group: 'api',
    resolve: row(
      (d) => d.largestContract(),
      (found) => ({ params: { id: found.id } })
    ),
  },
  'api.admin.marketData.aumRanges': { as: 'admin', kind: 'json', group: 'api' },
  'api.admin.marketData.rateCards.observed': {
    as: 'admin',
    kind: 'json',
    group: 'api',
    resolve: row(
      (d) => d.largestRateCard(),
      (card) => ({
        query: `provider_id=${card.providerId}&team_type_id=${card.teamTypeId}&currency_id=${card.currencyId}`,
      })
    ),
  },
  'api.admin.marketData.provider.categories': {
    as: 'admin',
    kind: 'json',
    group: 'api',
    resolve: row(
      (d) => d.providerWithMostProducts(),
      (found) => ({ params: { providerKey: found.key } })
    ),
  },
}

const PERSONA_ORDER = ['guest', 'analyst', 'admin']

function fillPattern(pattern, params = {}) {
  return pattern.replace(/:([A-Za-z_]+)/g, (whole, name) => {
    if (params[name] === undefined) throw new Error(`no value for ${whole}`)
    return encodeURIComponent(String(params[name]))
  })
}

/**
 * The run's plan from the registered routes: scenarios in the order they run (by persona,
 * then by the analyst's team, so that the team is switched as rarely as possible), the routes
 * skipped with their reasons, and the coverage errors (routes neither measured nor skipped).
 */
export async function planScenarios(routes, discovery, { only } = {}) {
  const scenarios = []
  const skipped = []
  const errors = []
  const warnings = []
  const names = new Set(routes.map((route) => route.name))

  for (const route of routes) {
    const isGet = route.methods.includes('GET')
    const readOnlyPost = READ_ONLY_POSTS.includes(route.name)
    if (!isGet && !readOnlyPost) continue
    const label = `${isGet ? 'GET' : 'POST'} ${route.pattern} (${route.name ?? 'unnamed'})`
    if (route.name && SKIPPED[route.name]) {
      skipped.push({ route: route.name, pattern: route.pattern, reason: SKIPPED[route.name] })
      continue
    }
    const definition = route.name && MEASURED[route.name]
    if (!definition) {
      errors.push(`${label}: neither measured nor skipped (add it to bench/scenarios.js)`)
      continue
    }
    // A partial run keeps its references: the signed-out /login and the dashboard.
    const reference = route.name === 'login' || route.name === 'dashboard'
    const wanted = (text) => route.name.includes(text) || route.pattern.includes(text)
    if (only && !reference && !only.split(',').some(wanted)) continue

    let team = null
    if (definition.as === 'analyst' || definition.module) {
      team = discovery.teamWith(definition.module)
      if (!team) {
        errors.push(`${label}: ${definition.as} has no team with the module ${definition.module}`)
        continue
      }
    }
    let filled = { params: {} }
    if (definition.resolve) {
      filled = await definition.resolve(discovery, team)
      if (!filled) {
        errors.push(`${label}: the data has nothing to fill ${route.pattern} with`)
        continue
      }
      if (filled.skip) {
        skipped.push({ route: route.name, pattern: route.pattern, reason: filled.skip })
        continue
      }
    }
    let path
    try {
      path = fillPattern(route.pattern, filled.params)
    } catch (error) {
      errors.push(`${label}: ${error.message}`)
      continue
    }
    if (filled.query) path += `?${filled.query}`
    scenarios.push({
      route: route.name,
      pattern: route.pattern,
      method: isGet ? 'GET' : 'POST',
      path,
      as: definition.as,
      kind: definition.kind,
      mode: definition.mode ?? 'load',
      group: definition.mode === 'status' ? 'download' : definition.group,
      why: definition.why,
      note: definition.note,
      body: filled.body ?? definition.body,
      latencyTargetMs: definition.latencyTargetMs ?? null,
      expect: definition.expect ?? 200,
      team: definition.as === 'analyst' ? team : null,
    })
  }

  for (const name of [...Object.keys(MEASURED), ...Object.keys(SKIPPED)]) {
    if (!names.has(name))
      warnings.push(`bench/scenarios.js names a route that no longer exists: ${name}`)
  }

  const rank = (scenario) => [
    PERSONA_ORDER.indexOf(scenario.as),
    // The analyst's home team first; the dashboard first of all (the reference of the API rows).
    scenario.team && scenario.team.id !== discovery.analyst.home.id ? 1 : 0,
    scenario.team?.id ?? 0,
    scenario.route === 'login' || scenario.route === 'dashboard' ? 0 : 1,
    scenario.mode === 'status' ? 1 : 0,
  ]
  scenarios.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)]
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i]
    return 0
  })
  return { scenarios, skipped, errors, warnings }
}
