/* eslint-disable prettier/prettier */
import type { routes } from './index.ts'

export interface ApiDefinition {
  health: {
    live: typeof routes['health.live']
    ready: typeof routes['health.ready']
  }
  dashboard: typeof routes['dashboard']
  api: {
    currencies: typeof routes['api.currencies'] & {
      select: typeof routes['api.currencies.select']
    }
    insightsReports: {
      unread: typeof routes['api.insightsReports.unread']
    }
    providers: typeof routes['api.providers'] & {
      providerTypes: typeof routes['api.providers.providerTypes']
      mapped: typeof routes['api.providers.mapped']
      sectors: typeof routes['api.providers.sectors']
      regions: typeof routes['api.providers.regions']
      contextInfo: typeof routes['api.providers.contextInfo']
      sectorBreakdown: typeof routes['api.providers.sectorBreakdown']
      headcountGained: typeof routes['api.providers.headcountGained']
      headcountLost: typeof routes['api.providers.headcountLost']
      experienceGained: typeof routes['api.providers.experienceGained']
      experienceLost: typeof routes['api.providers.experienceLost']
    }
    marketData: {
      contextInfo: typeof routes['api.marketData.contextInfo']
      activeProviders: typeof routes['api.marketData.activeProviders']
      inactiveProviders: typeof routes['api.marketData.inactiveProviders']
      benchmarks: {
        activeUpcoming: typeof routes['api.marketData.benchmarks.activeUpcoming']
        contract: typeof routes['api.marketData.benchmarks.contract']
      }
      productCategories: typeof routes['api.marketData.productCategories']
      contracts: typeof routes['api.marketData.contracts']
    }
    permissions: typeof routes['api.permissions']
    feedback: typeof routes['api.feedback']
    analytics: typeof routes['api.analytics']
    tour: {
      show: typeof routes['api.tour.show']
      store: typeof routes['api.tour.store']
    }
    rsa: {
      budgets: typeof routes['api.rsa.budgets']
    }
    trendingThemes: typeof routes['api.trendingThemes'] & {
      movements: typeof routes['api.trendingThemes.movements']
      providers: typeof routes['api.trendingThemes.providers']
      allThemeGroups: typeof routes['api.trendingThemes.allThemeGroups']
      userThemeGroups: typeof routes['api.trendingThemes.userThemeGroups']
      researchDocuments: typeof routes['api.trendingThemes.researchDocuments']
      userResearchDocuments: typeof routes['api.trendingThemes.userResearchDocuments']
      bookmark: typeof routes['api.trendingThemes.bookmark'] & {
        destroy: typeof routes['api.trendingThemes.bookmark.destroy']
      }
      star: typeof routes['api.trendingThemes.star'] & {
        destroy: typeof routes['api.trendingThemes.star.destroy']
      }
    }
    admin: {
      marketData: {
        contract: {
          productBenchmarks: typeof routes['api.admin.marketData.contract.productBenchmarks']
        }
        productBenchmark: {
          store: typeof routes['api.admin.marketData.productBenchmark.store']
          update: typeof routes['api.admin.marketData.productBenchmark.update']
          destroy: typeof routes['api.admin.marketData.productBenchmark.destroy']
        }
        subProductBenchmark: {
          destroy: typeof routes['api.admin.marketData.subProductBenchmark.destroy']
        }
        aumRanges: typeof routes['api.admin.marketData.aumRanges']
        universe: {
          import: typeof routes['api.admin.marketData.universe.import']
        }
        contracts: {
          import: typeof routes['api.admin.marketData.contracts.import']
        }
        rateCards: {
          observed: typeof routes['api.admin.marketData.rateCards.observed']
          store: typeof routes['api.admin.marketData.rateCards.store']
          update: typeof routes['api.admin.marketData.rateCards.update']
          active: typeof routes['api.admin.marketData.rateCards.active']
        }
        provider: {
          categories: typeof routes['api.admin.marketData.provider.categories']
          saveCategory: typeof routes['api.admin.marketData.provider.saveCategory']
        }
      }
    }
    dashboard: {
      summary: typeof routes['api.dashboard.summary'] & {
        filters: typeof routes['api.dashboard.summary.filters']
        priorities: typeof routes['api.dashboard.summary.priorities']
      }
    }
  }
  providerLogo: typeof routes['providerLogo']
  rsaAdminOverview: typeof routes['rsaAdminOverview']
  rsaBudgetUpload: typeof routes['rsaBudgetUpload']
  rsaClientInteractionsUpload: typeof routes['rsaClientInteractionsUpload']
  rsaPeerInteractionsUpload: typeof routes['rsaPeerInteractionsUpload']
  rsaImports: {
    template: typeof routes['rsaImports.template']
    store: typeof routes['rsaImports.store']
    show: typeof routes['rsaImports.show']
    file: typeof routes['rsaImports.file']
    commit: typeof routes['rsaImports.commit']
    revert: typeof routes['rsaImports.revert']
    discard: typeof routes['rsaImports.discard']
    aliases: typeof routes['rsaImports.aliases']
  }
  rsaDataCollections: typeof routes['rsaDataCollections'] & {
    open: typeof routes['rsaDataCollections.open']
    close: typeof routes['rsaDataCollections.close']
  }
  rsaDataCollectionSubmissions: typeof routes['rsaDataCollectionSubmissions'] & {
    file: typeof routes['rsaDataCollectionSubmissions.file']
    status: typeof routes['rsaDataCollectionSubmissions.status']
    apply: typeof routes['rsaDataCollectionSubmissions.apply']
  }
  rsaAdminProviders: typeof routes['rsaAdminProviders'] & {
    audit: typeof routes['rsaAdminProviders.audit']
    logo: typeof routes['rsaAdminProviders.logo']
    store: typeof routes['rsaAdminProviders.store']
    merge: typeof routes['rsaAdminProviders.merge']
    update: typeof routes['rsaAdminProviders.update']
    uploadLogo: typeof routes['rsaAdminProviders.uploadLogo']
  }
  providersAdmin: typeof routes['providersAdmin'] & {
    analysts: {
      search: typeof routes['providersAdmin.analysts.search']
      store: typeof routes['providersAdmin.analysts.store']
      update: typeof routes['providersAdmin.analysts.update']
    }
    moves: typeof routes['providersAdmin.moves'] & {
      store: typeof routes['providersAdmin.moves.store']
      update: typeof routes['providersAdmin.moves.update']
      destroy: typeof routes['providersAdmin.moves.destroy']
    }
    import: typeof routes['providersAdmin.import'] & {
      template: typeof routes['providersAdmin.import.template']
      store: typeof routes['providersAdmin.import.store']
    }
    dataQuality: typeof routes['providersAdmin.dataQuality']
    audit: typeof routes['providersAdmin.audit']
  }
  providerLeagueTable: typeof routes['ProviderLeagueTable']
  providersExport: typeof routes['providersExport']
  providerPage: typeof routes['ProviderPage']
  adminInsightsReports: typeof routes['adminInsightsReports'] & {
    create: typeof routes['adminInsightsReports.create']
    store: typeof routes['adminInsightsReports.store']
    checkFile: typeof routes['adminInsightsReports.checkFile']
    taxonomy: typeof routes['adminInsightsReports.taxonomy'] & {
      store: typeof routes['adminInsightsReports.taxonomy.store']
      update: typeof routes['adminInsightsReports.taxonomy.update']
      destroy: typeof routes['adminInsightsReports.taxonomy.destroy']
    }
    show: typeof routes['adminInsightsReports.show']
    update: typeof routes['adminInsightsReports.update']
    file: typeof routes['adminInsightsReports.file']
    replace: typeof routes['adminInsightsReports.replace']
    withdraw: typeof routes['adminInsightsReports.withdraw']
    republish: typeof routes['adminInsightsReports.republish']
    notify: typeof routes['adminInsightsReports.notify']
  }
  themeManagement: typeof routes['themeManagement'] & {
    groups: {
      store: typeof routes['themeManagement.groups.store']
      rename: typeof routes['themeManagement.groups.rename']
      move: typeof routes['themeManagement.groups.move']
      reorder: typeof routes['themeManagement.groups.reorder']
    }
    store: typeof routes['themeManagement.store']
    rename: typeof routes['themeManagement.rename']
    synonyms: {
      store: typeof routes['themeManagement.synonyms.store']
      destroy: typeof routes['themeManagement.synonyms.destroy']
    }
    merge: typeof routes['themeManagement.merge']
    retire: typeof routes['themeManagement.retire']
    restore: typeof routes['themeManagement.restore']
  }
  themeRanking: typeof routes['themeRanking'] & {
    overrides: {
      store: typeof routes['themeRanking.overrides.store']
      destroy: typeof routes['themeRanking.overrides.destroy']
    }
    publish: typeof routes['themeRanking.publish']
  }
  researchRequestsAdmin: typeof routes['researchRequestsAdmin'] & {
    show: typeof routes['researchRequestsAdmin.show']
    assign: typeof routes['researchRequestsAdmin.assign']
    status: typeof routes['researchRequestsAdmin.status']
    answer: typeof routes['researchRequestsAdmin.answer']
  }
  researchDiscoveryAnalytics: typeof routes['researchDiscoveryAnalytics'] & {
    trends: typeof routes['researchDiscoveryAnalytics.trends']
    users: typeof routes['researchDiscoveryAnalytics.users']
  }
  login: typeof routes['login'] & {
    store: typeof routes['login.store']
  }
  password: {
    forgot: typeof routes['password.forgot']
    email: typeof routes['password.email']
    reset: typeof routes['password.reset']
    update: typeof routes['password.update']
    rotate: typeof routes['password.rotate'] & {
      update: typeof routes['password.rotate.update']
    }
    confirm: typeof routes['password.confirm'] & {
      store: typeof routes['password.confirm.store']
    }
  }
  register: typeof routes['register'] & {
    store: typeof routes['register.store']
  }
  twoFactor: {
    challenge: typeof routes['twoFactor.challenge'] & {
      store: typeof routes['twoFactor.challenge.store']
    }
    enable: typeof routes['twoFactor.enable']
    confirm: typeof routes['twoFactor.confirm']
    required: typeof routes['twoFactor.required']
    recoveryCodes: typeof routes['twoFactor.recoveryCodes']
    disable: typeof routes['twoFactor.disable']
  }
  invitation: {
    show: typeof routes['invitation.show']
    accept: typeof routes['invitation.accept']
  }
  email: {
    verify: typeof routes['email.verify']
    change: {
      confirm: typeof routes['email.change.confirm']
    }
    notice: typeof routes['email.notice']
    resend: typeof routes['email.resend']
  }
  unsubscribe: typeof routes['unsubscribe'] & {
    store: typeof routes['unsubscribe.store']
  }
  logout: typeof routes['logout']
  switchTeam: typeof routes['switchTeam']
  profile: {
    show: typeof routes['profile.show']
    password: {
      update: typeof routes['profile.password.update']
    }
    update: typeof routes['profile.update']
    email: {
      resend: typeof routes['profile.email.resend']
      cancel: typeof routes['profile.email.cancel']
    }
    subscriptions: {
      update: typeof routes['profile.subscriptions.update']
    }
    consent: {
      accept: typeof routes['profile.consent.accept']
    }
    sessions: {
      logoutOthers: typeof routes['profile.sessions.logoutOthers']
    }
    destroy: typeof routes['profile.destroy']
  }
  rsaBudgets: typeof routes['RSABudgets']
  rsaBudgetsExport: typeof routes['rsaBudgetsExport']
  rsaOutliers: typeof routes['RSAOutliers'] & {
    acknowledge: typeof routes['rsaOutliers.acknowledge']
    reopen: typeof routes['rsaOutliers.reopen']
  }
  rsaPeerInteractions: typeof routes['rsaPeerInteractions']
  rsaPeerGroup: typeof routes['RSAPeerGroup']
  rsaBenchmarkRateCard: typeof routes['RSABenchmarkRateCard']
  rsaMarketTrendsReport: typeof routes['RSAMarketTrendsReport'] & {
    file: typeof routes['rsaMarketTrendsReport.file']
  }
  rsaSnapshot: typeof routes['rsaSnapshot'] & {
    store: typeof routes['rsaSnapshot.store']
    file: typeof routes['rsaSnapshot.file']
  }
  rsaDataCollection: typeof routes['rsaDataCollection'] & {
    template: typeof routes['rsaDataCollection.template']
    upload: typeof routes['rsaDataCollection.upload']
    submissionFile: typeof routes['rsaDataCollection.submissionFile']
  }
  trendingThemes: typeof routes['trendingThemes']
  allThemes: typeof routes['allThemes']
  myThemes: typeof routes['myThemes']
  allResearch: typeof routes['allResearch']
  userResearch: typeof routes['userResearch']
  readArticlePdf: typeof routes['readArticlePdf']
  researchDocumentFile: typeof routes['researchDocumentFile']
  researchRequests: typeof routes['researchRequests'] & {
    store: typeof routes['researchRequests.store']
  }
  insightsReports: typeof routes['insightsReports'] & {
    file: typeof routes['insightsReports.file']
    download: typeof routes['insightsReports.download']
  }
  singleInsightsReport: typeof routes['singleInsightsReport']
  marketDataTemplates: typeof routes['marketDataTemplates'] & {
    template: typeof routes['marketDataTemplates.template']
    upload: typeof routes['marketDataTemplates.upload']
    submissionFile: typeof routes['marketDataTemplates.submissionFile']
  }
  marketData: typeof routes['marketData']
  scenarios: {
    index: typeof routes['scenarios.index']
    store: typeof routes['scenarios.store']
    compare: typeof routes['scenarios.compare']
    export: typeof routes['scenarios.export']
    update: typeof routes['scenarios.update']
  }
  marketDataDocument: typeof routes['marketDataDocument']
  marketDataProposals: typeof routes['marketDataProposals']
  marketDataRateCard: typeof routes['marketDataRateCard']
  marketDataExport: typeof routes['marketDataExport']
  scenarioAnalysis: typeof routes['scenarioAnalysis']
  marketDataProvider: typeof routes['marketDataProvider']
  alternativeData: typeof routes['AlternativeData']
  alternativeDataExport: typeof routes['alternativeDataExport']
  alternativeDataProvider: typeof routes['alternativeDataProvider']
  editMarketData: typeof routes['editMarketData']
  editMarketDataTeam: typeof routes['editMarketDataTeam']
  editMarketDataProvider: typeof routes['editMarketDataProvider']
  adminMdProviderClassification: typeof routes['adminMdProviderClassification']
  adminMdAudit: typeof routes['adminMdAudit']
  adminMdRateCard: typeof routes['adminMdRateCard']
  updateUniverse: typeof routes['updateUniverse']
  adminMdCatalogue: typeof routes['adminMdCatalogue'] & {
    providers: {
      store: typeof routes['adminMdCatalogue.providers.store']
      update: typeof routes['adminMdCatalogue.providers.update']
      logo: typeof routes['adminMdCatalogue.providers.logo']
    }
    licenseTypes: {
      store: typeof routes['adminMdCatalogue.licenseTypes.store']
      update: typeof routes['adminMdCatalogue.licenseTypes.update']
      destroy: typeof routes['adminMdCatalogue.licenseTypes.destroy']
    }
  }
  adminMdProposals: typeof routes['adminMdProposals'] & {
    store: typeof routes['adminMdProposals.store']
    update: typeof routes['adminMdProposals.update']
    destroy: typeof routes['adminMdProposals.destroy']
  }
  adminMdProviderLogo: typeof routes['adminMdProviderLogo']
  adminMdContracts: {
    store: typeof routes['adminMdContracts.store']
    update: typeof routes['adminMdContracts.update']
    destroy: typeof routes['adminMdContracts.destroy']
    upload: typeof routes['adminMdContracts.upload']
  }
  uploadContract: typeof routes['uploadContract']
  adminMdContractDocuments: {
    download: typeof routes['adminMdContractDocuments.download']
    destroy: typeof routes['adminMdContractDocuments.destroy']
  }
  adminMdUniverse: {
    workbook: typeof routes['adminMdUniverse.workbook']
  }
  createMdRateCard: typeof routes['createMdRateCard']
  editMdRateCard: typeof routes['editMdRateCard']
  updateRegressions: typeof routes['updateRegressions']
  adminMdRegressions: {
    store: typeof routes['adminMdRegressions.store']
    import: typeof routes['adminMdRegressions.import']
  }
  summary: typeof routes['summary']
  adminSummaryFacets: typeof routes['adminSummaryFacets'] & {
    update: typeof routes['adminSummaryFacets.update']
  }
  researchDocumentsAdmin: typeof routes['researchDocumentsAdmin'] & {
    store: typeof routes['researchDocumentsAdmin.store']
    bulk: typeof routes['researchDocumentsAdmin.bulk']
    exports: {
      store: typeof routes['researchDocumentsAdmin.exports.store']
      download: typeof routes['researchDocumentsAdmin.exports.download']
    }
    processing: typeof routes['researchDocumentsAdmin.processing']
    file: typeof routes['researchDocumentsAdmin.file']
    retry: typeof routes['researchDocumentsAdmin.retry']
    update: typeof routes['researchDocumentsAdmin.update']
  }
  newResearchDocument: typeof routes['newResearchDocument']
  researchDocumentImports: typeof routes['researchDocumentImports'] & {
    template: typeof routes['researchDocumentImports.template']
    store: typeof routes['researchDocumentImports.store']
    show: typeof routes['researchDocumentImports.show']
    check: typeof routes['researchDocumentImports.check']
    commit: typeof routes['researchDocumentImports.commit']
    discard: typeof routes['researchDocumentImports.discard']
  }
  editResearchDocument: typeof routes['editResearchDocument']
  adminHome: typeof routes['adminHome']
  accountManagement: typeof routes['accountManagement']
  adminSecurityLog: typeof routes['adminSecurityLog']
  adminUsers: typeof routes['adminUsers'] & {
    disable: typeof routes['adminUsers.disable']
    enable: typeof routes['adminUsers.enable']
    resetTwoFactor: typeof routes['adminUsers.resetTwoFactor']
    requirePasswordChange: typeof routes['adminUsers.requirePasswordChange']
    roles: typeof routes['adminUsers.roles']
  }
  adminRoles: typeof routes['adminRoles'] & {
    store: typeof routes['adminRoles.store']
    update: typeof routes['adminRoles.update']
    destroy: typeof routes['adminRoles.destroy']
  }
  adminTeams: {
    store: typeof routes['adminTeams.store']
    update: typeof routes['adminTeams.update']
    modules: typeof routes['adminTeams.modules']
    security: typeof routes['adminTeams.security']
    members: {
      store: typeof routes['adminTeams.members.store']
      role: typeof routes['adminTeams.members.role']
      remove: typeof routes['adminTeams.members.remove']
    }
    invitations: {
      store: typeof routes['adminTeams.invitations.store']
      resend: typeof routes['adminTeams.invitations.resend']
      revoke: typeof routes['adminTeams.invitations.revoke']
    }
  }
  teamProfile: typeof routes['teamProfile']
  userProfile: typeof routes['userProfile']
  adminFeedback: typeof routes['adminFeedback']
  adminBackgroundJobs: typeof routes['adminBackgroundJobs'] & {
    runAgain: typeof routes['adminBackgroundJobs.runAgain']
  }
  sso: {
    start: typeof routes['sso.start']
    acs: typeof routes['sso.acs']
    metadata: typeof routes['sso.metadata']
    config: {
      update: typeof routes['sso.config.update']
      confirm: typeof routes['sso.config.confirm']
      discard: typeof routes['sso.config.discard']
      toggle: typeof routes['sso.config.toggle']
    }
  }
  ssoManagement: typeof routes['SsoManagement']
}
