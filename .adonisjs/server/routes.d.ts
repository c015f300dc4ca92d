import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'health.live': { paramsTuple?: []; params?: {} }
    'health.ready': { paramsTuple?: []; params?: {} }
    'dashboard': { paramsTuple?: []; params?: {} }
    'api.currencies': { paramsTuple?: []; params?: {} }
    'api.currencies.select': { paramsTuple?: []; params?: {} }
    'providerLogo': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.insightsReports.unread': { paramsTuple?: []; params?: {} }
    'rsaAdminOverview': { paramsTuple?: []; params?: {} }
    'rsaBudgetUpload': { paramsTuple?: []; params?: {} }
    'rsaClientInteractionsUpload': { paramsTuple?: []; params?: {} }
    'rsaPeerInteractionsUpload': { paramsTuple?: []; params?: {} }
    'rsaImports.template': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'rsaImports.store': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'rsaImports.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.commit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.revert': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.discard': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.aliases': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollections': { paramsTuple?: []; params?: {} }
    'rsaDataCollections.open': { paramsTuple?: []; params?: {} }
    'rsaDataCollections.close': { paramsTuple?: []; params?: {} }
    'rsaDataCollectionSubmissions': { paramsTuple?: []; params?: {} }
    'rsaDataCollectionSubmissions.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollectionSubmissions.status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollectionSubmissions.apply': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaAdminProviders': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.audit': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.logo': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'rsaAdminProviders.store': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.merge': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaAdminProviders.uploadLogo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'providersAdmin': { paramsTuple?: []; params?: {} }
    'providersAdmin.analysts.search': { paramsTuple?: []; params?: {} }
    'providersAdmin.analysts.store': { paramsTuple?: []; params?: {} }
    'providersAdmin.analysts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'providersAdmin.moves': { paramsTuple?: []; params?: {} }
    'providersAdmin.moves.store': { paramsTuple?: []; params?: {} }
    'providersAdmin.moves.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'providersAdmin.moves.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'providersAdmin.import': { paramsTuple?: []; params?: {} }
    'providersAdmin.import.template': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'providersAdmin.import.store': { paramsTuple?: []; params?: {} }
    'providersAdmin.dataQuality': { paramsTuple?: []; params?: {} }
    'providersAdmin.audit': { paramsTuple?: []; params?: {} }
    'ProviderLeagueTable': { paramsTuple?: []; params?: {} }
    'providersExport': { paramsTuple?: []; params?: {} }
    'ProviderPage': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.providers': { paramsTuple?: []; params?: {} }
    'api.providers.providerTypes': { paramsTuple?: []; params?: {} }
    'api.providers.mapped': { paramsTuple?: []; params?: {} }
    'api.providers.sectors': { paramsTuple?: []; params?: {} }
    'api.providers.regions': { paramsTuple?: []; params?: {} }
    'api.providers.contextInfo': { paramsTuple?: []; params?: {} }
    'api.providers.sectorBreakdown': { paramsTuple?: []; params?: {} }
    'api.providers.headcountGained': { paramsTuple?: []; params?: {} }
    'api.providers.headcountLost': { paramsTuple?: []; params?: {} }
    'api.providers.experienceGained': { paramsTuple?: []; params?: {} }
    'api.providers.experienceLost': { paramsTuple?: []; params?: {} }
    'api.marketData.contextInfo': { paramsTuple?: []; params?: {} }
    'adminInsightsReports': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.create': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.store': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.checkFile': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.taxonomy': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.taxonomy.store': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'adminInsightsReports.taxonomy.update': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'id': ParamValue} }
    'adminInsightsReports.taxonomy.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'id': ParamValue} }
    'adminInsightsReports.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.replace': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.withdraw': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.republish': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.notify': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement': { paramsTuple?: []; params?: {} }
    'themeManagement.groups.store': { paramsTuple?: []; params?: {} }
    'themeManagement.groups.rename': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.groups.move': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.groups.reorder': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.store': { paramsTuple?: []; params?: {} }
    'themeManagement.rename': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.synonyms.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.synonyms.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'synonymId': ParamValue} }
    'themeManagement.merge': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.retire': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.restore': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeRanking': { paramsTuple?: []; params?: {} }
    'themeRanking.overrides.store': { paramsTuple?: []; params?: {} }
    'themeRanking.overrides.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeRanking.publish': { paramsTuple?: []; params?: {} }
    'researchRequestsAdmin': { paramsTuple?: []; params?: {} }
    'researchRequestsAdmin.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchRequestsAdmin.assign': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchRequestsAdmin.status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchRequestsAdmin.answer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDiscoveryAnalytics': { paramsTuple?: []; params?: {} }
    'researchDiscoveryAnalytics.trends': { paramsTuple?: []; params?: {} }
    'researchDiscoveryAnalytics.users': { paramsTuple?: []; params?: {} }
    'login': { paramsTuple?: []; params?: {} }
    'login.store': { paramsTuple?: []; params?: {} }
    'password.forgot': { paramsTuple?: []; params?: {} }
    'register': { paramsTuple?: []; params?: {} }
    'register.store': { paramsTuple?: []; params?: {} }
    'password.email': { paramsTuple?: []; params?: {} }
    'twoFactor.challenge': { paramsTuple?: []; params?: {} }
    'twoFactor.challenge.store': { paramsTuple?: []; params?: {} }
    'password.reset': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'password.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'invitation.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'invitation.accept': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'email.verify': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'email.change.confirm': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'unsubscribe': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'unsubscribe.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'logout': { paramsTuple?: []; params?: {} }
    'password.rotate': { paramsTuple?: []; params?: {} }
    'password.rotate.update': { paramsTuple?: []; params?: {} }
    'password.confirm': { paramsTuple?: []; params?: {} }
    'password.confirm.store': { paramsTuple?: []; params?: {} }
    'email.notice': { paramsTuple?: []; params?: {} }
    'email.resend': { paramsTuple?: []; params?: {} }
    'switchTeam': { paramsTuple?: []; params?: {} }
    'api.permissions': { paramsTuple?: []; params?: {} }
    'profile.show': { paramsTuple?: []; params?: {} }
    'profile.password.update': { paramsTuple?: []; params?: {} }
    'profile.update': { paramsTuple?: []; params?: {} }
    'profile.email.resend': { paramsTuple?: []; params?: {} }
    'profile.email.cancel': { paramsTuple?: []; params?: {} }
    'profile.subscriptions.update': { paramsTuple?: []; params?: {} }
    'profile.consent.accept': { paramsTuple?: []; params?: {} }
    'profile.sessions.logoutOthers': { paramsTuple?: []; params?: {} }
    'profile.destroy': { paramsTuple?: []; params?: {} }
    'twoFactor.enable': { paramsTuple?: []; params?: {} }
    'twoFactor.confirm': { paramsTuple?: []; params?: {} }
    'twoFactor.required': { paramsTuple?: []; params?: {} }
    'twoFactor.recoveryCodes': { paramsTuple?: []; params?: {} }
    'twoFactor.disable': { paramsTuple?: []; params?: {} }
    'api.feedback': { paramsTuple?: []; params?: {} }
    'api.analytics': { paramsTuple?: []; params?: {} }
    'api.tour.show': { paramsTuple?: []; params?: {} }
    'api.tour.store': { paramsTuple?: []; params?: {} }
    'RSABudgets': { paramsTuple?: []; params?: {} }
    'rsaBudgetsExport': { paramsTuple?: []; params?: {} }
    'api.rsa.budgets': { paramsTuple?: []; params?: {} }
    'RSAOutliers': { paramsTuple?: []; params?: {} }
    'rsaOutliers.acknowledge': { paramsTuple?: []; params?: {} }
    'rsaOutliers.reopen': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaPeerInteractions': { paramsTuple?: []; params?: {} }
    'RSAPeerGroup': { paramsTuple?: []; params?: {} }
    'RSABenchmarkRateCard': { paramsTuple?: []; params?: {} }
    'RSAMarketTrendsReport': { paramsTuple?: []; params?: {} }
    'rsaMarketTrendsReport.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaSnapshot': { paramsTuple?: []; params?: {} }
    'rsaSnapshot.store': { paramsTuple?: []; params?: {} }
    'rsaSnapshot.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollection': { paramsTuple?: []; params?: {} }
    'rsaDataCollection.template': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollection.upload': { paramsTuple?: []; params?: {} }
    'rsaDataCollection.submissionFile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'trendingThemes': { paramsTuple?: []; params?: {} }
    'allThemes': { paramsTuple?: []; params?: {} }
    'myThemes': { paramsTuple?: []; params?: {} }
    'allResearch': { paramsTuple?: []; params?: {} }
    'userResearch': { paramsTuple?: []; params?: {} }
    'readArticlePdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentFile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchRequests': { paramsTuple?: []; params?: {} }
    'researchRequests.store': { paramsTuple?: []; params?: {} }
    'api.trendingThemes': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.movements': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.providers': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.allThemeGroups': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.userThemeGroups': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.researchDocuments': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.userResearchDocuments': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.bookmark': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.bookmark.destroy': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.star': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.star.destroy': { paramsTuple?: []; params?: {} }
    'insightsReports': { paramsTuple?: []; params?: {} }
    'singleInsightsReport': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'insightsReports.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'insightsReports.download': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.marketData.activeProviders': { paramsTuple?: []; params?: {} }
    'api.marketData.inactiveProviders': { paramsTuple?: []; params?: {} }
    'api.marketData.benchmarks.activeUpcoming': { paramsTuple: [ParamValue]; params: {'providerId': ParamValue} }
    'api.marketData.benchmarks.contract': { paramsTuple: [ParamValue]; params: {'contractId': ParamValue} }
    'api.marketData.productCategories': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.marketData.contracts': { paramsTuple: [ParamValue]; params: {'providerId': ParamValue} }
    'marketDataTemplates': { paramsTuple?: []; params?: {} }
    'marketDataTemplates.template': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'marketDataTemplates.upload': { paramsTuple?: []; params?: {} }
    'marketDataTemplates.submissionFile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'marketData': { paramsTuple?: []; params?: {} }
    'scenarios.index': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarios.store': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarios.compare': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarios.export': { paramsTuple: [ParamValue,ParamValue]; params: {'provider_key': ParamValue,'id': ParamValue} }
    'scenarios.update': { paramsTuple: [ParamValue,ParamValue]; params: {'provider_key': ParamValue,'id': ParamValue} }
    'marketDataDocument': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'marketDataProposals': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'marketDataRateCard': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'marketDataExport': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarioAnalysis': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'marketDataProvider': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'AlternativeData': { paramsTuple?: []; params?: {} }
    'alternativeDataExport': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'alternativeDataProvider': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'editMarketData': { paramsTuple?: []; params?: {} }
    'editMarketDataTeam': { paramsTuple: [ParamValue]; params: {'teamId': ParamValue} }
    'editMarketDataProvider': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdProviderClassification': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'adminMdAudit': { paramsTuple?: []; params?: {} }
    'adminMdRateCard': { paramsTuple?: []; params?: {} }
    'updateUniverse': { paramsTuple?: []; params?: {} }
    'adminMdCatalogue': { paramsTuple?: []; params?: {} }
    'adminMdProposals': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdProposals.store': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdProposals.update': { paramsTuple: [ParamValue,ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue,'id': ParamValue} }
    'adminMdProposals.destroy': { paramsTuple: [ParamValue,ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue,'id': ParamValue} }
    'adminMdCatalogue.providers.store': { paramsTuple?: []; params?: {} }
    'adminMdCatalogue.providers.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdCatalogue.providers.logo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdCatalogue.licenseTypes.store': { paramsTuple?: []; params?: {} }
    'adminMdCatalogue.licenseTypes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdCatalogue.licenseTypes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdProviderLogo': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'adminMdContracts.store': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdContracts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdContracts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdContracts.upload': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'uploadContract': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdContractDocuments.download': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'adminMdContractDocuments.destroy': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'adminMdUniverse.workbook': { paramsTuple?: []; params?: {} }
    'createMdRateCard': { paramsTuple?: []; params?: {} }
    'editMdRateCard': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'updateRegressions': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'adminMdRegressions.store': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'adminMdRegressions.import': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.admin.marketData.contract.productBenchmarks': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.productBenchmark.store': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.productBenchmark.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.productBenchmark.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.subProductBenchmark.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.aumRanges': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.universe.import': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.contracts.import': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.rateCards.observed': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.rateCards.store': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.rateCards.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.rateCards.active': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.provider.categories': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.admin.marketData.provider.saveCategory': { paramsTuple?: []; params?: {} }
    'summary': { paramsTuple?: []; params?: {} }
    'api.dashboard.summary': { paramsTuple?: []; params?: {} }
    'api.dashboard.summary.filters': { paramsTuple?: []; params?: {} }
    'api.dashboard.summary.priorities': { paramsTuple?: []; params?: {} }
    'adminSummaryFacets': { paramsTuple?: []; params?: {} }
    'adminSummaryFacets.update': { paramsTuple: [ParamValue,ParamValue]; params: {'facet': ParamValue,'id': ParamValue} }
    'researchDocumentsAdmin': { paramsTuple?: []; params?: {} }
    'newResearchDocument': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin.store': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin.bulk': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin.exports.store': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin.exports.download': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentImports': { paramsTuple?: []; params?: {} }
    'researchDocumentImports.template': { paramsTuple?: []; params?: {} }
    'researchDocumentImports.store': { paramsTuple?: []; params?: {} }
    'researchDocumentImports.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentImports.check': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentImports.commit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentImports.discard': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'editResearchDocument': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.processing': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.retry': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminHome': { paramsTuple?: []; params?: {} }
    'accountManagement': { paramsTuple?: []; params?: {} }
    'adminSecurityLog': { paramsTuple?: []; params?: {} }
    'adminUsers': { paramsTuple?: []; params?: {} }
    'adminRoles': { paramsTuple?: []; params?: {} }
    'adminRoles.store': { paramsTuple?: []; params?: {} }
    'adminRoles.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminRoles.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.store': { paramsTuple?: []; params?: {} }
    'teamProfile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.modules': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.security': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.members.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.members.role': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'userId': ParamValue} }
    'adminTeams.members.remove': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'userId': ParamValue} }
    'adminTeams.invitations.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.invitations.resend': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'invitationId': ParamValue} }
    'adminTeams.invitations.revoke': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'invitationId': ParamValue} }
    'userProfile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminUsers.disable': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminUsers.enable': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminUsers.resetTwoFactor': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminUsers.requirePasswordChange': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminUsers.roles': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminFeedback': { paramsTuple?: []; params?: {} }
    'adminBackgroundJobs': { paramsTuple?: []; params?: {} }
    'adminBackgroundJobs.runAgain': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'sso.start': { paramsTuple?: []; params?: {} }
    'sso.acs': { paramsTuple: [ParamValue]; params: {'teamId': ParamValue} }
    'sso.metadata': { paramsTuple: [ParamValue]; params: {'teamId': ParamValue} }
    'SsoManagement': { paramsTuple?: []; params?: {} }
    'sso.config.update': { paramsTuple?: []; params?: {} }
    'sso.config.confirm': { paramsTuple?: []; params?: {} }
    'sso.config.discard': { paramsTuple?: []; params?: {} }
    'sso.config.toggle': { paramsTuple?: []; params?: {} }
  }
  GET: {
    'health.live': { paramsTuple?: []; params?: {} }
    'health.ready': { paramsTuple?: []; params?: {} }
    'dashboard': { paramsTuple?: []; params?: {} }
    'api.currencies': { paramsTuple?: []; params?: {} }
    'providerLogo': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.insightsReports.unread': { paramsTuple?: []; params?: {} }
    'rsaAdminOverview': { paramsTuple?: []; params?: {} }
    'rsaBudgetUpload': { paramsTuple?: []; params?: {} }
    'rsaClientInteractionsUpload': { paramsTuple?: []; params?: {} }
    'rsaPeerInteractionsUpload': { paramsTuple?: []; params?: {} }
    'rsaImports.template': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'rsaImports.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollections': { paramsTuple?: []; params?: {} }
    'rsaDataCollectionSubmissions': { paramsTuple?: []; params?: {} }
    'rsaDataCollectionSubmissions.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaAdminProviders': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.audit': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.logo': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'providersAdmin': { paramsTuple?: []; params?: {} }
    'providersAdmin.analysts.search': { paramsTuple?: []; params?: {} }
    'providersAdmin.moves': { paramsTuple?: []; params?: {} }
    'providersAdmin.import': { paramsTuple?: []; params?: {} }
    'providersAdmin.import.template': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'providersAdmin.dataQuality': { paramsTuple?: []; params?: {} }
    'providersAdmin.audit': { paramsTuple?: []; params?: {} }
    'ProviderLeagueTable': { paramsTuple?: []; params?: {} }
    'providersExport': { paramsTuple?: []; params?: {} }
    'ProviderPage': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.providers': { paramsTuple?: []; params?: {} }
    'api.providers.providerTypes': { paramsTuple?: []; params?: {} }
    'api.providers.mapped': { paramsTuple?: []; params?: {} }
    'api.providers.sectors': { paramsTuple?: []; params?: {} }
    'api.providers.regions': { paramsTuple?: []; params?: {} }
    'api.providers.contextInfo': { paramsTuple?: []; params?: {} }
    'api.marketData.contextInfo': { paramsTuple?: []; params?: {} }
    'adminInsightsReports': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.create': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.taxonomy': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement': { paramsTuple?: []; params?: {} }
    'themeRanking': { paramsTuple?: []; params?: {} }
    'researchRequestsAdmin': { paramsTuple?: []; params?: {} }
    'researchRequestsAdmin.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDiscoveryAnalytics': { paramsTuple?: []; params?: {} }
    'researchDiscoveryAnalytics.trends': { paramsTuple?: []; params?: {} }
    'researchDiscoveryAnalytics.users': { paramsTuple?: []; params?: {} }
    'login': { paramsTuple?: []; params?: {} }
    'password.forgot': { paramsTuple?: []; params?: {} }
    'register': { paramsTuple?: []; params?: {} }
    'twoFactor.challenge': { paramsTuple?: []; params?: {} }
    'password.reset': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'invitation.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'email.verify': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'email.change.confirm': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'unsubscribe': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'password.rotate': { paramsTuple?: []; params?: {} }
    'password.confirm': { paramsTuple?: []; params?: {} }
    'email.notice': { paramsTuple?: []; params?: {} }
    'api.permissions': { paramsTuple?: []; params?: {} }
    'profile.show': { paramsTuple?: []; params?: {} }
    'twoFactor.required': { paramsTuple?: []; params?: {} }
    'api.tour.show': { paramsTuple?: []; params?: {} }
    'RSABudgets': { paramsTuple?: []; params?: {} }
    'rsaBudgetsExport': { paramsTuple?: []; params?: {} }
    'api.rsa.budgets': { paramsTuple?: []; params?: {} }
    'RSAOutliers': { paramsTuple?: []; params?: {} }
    'rsaPeerInteractions': { paramsTuple?: []; params?: {} }
    'RSAPeerGroup': { paramsTuple?: []; params?: {} }
    'RSABenchmarkRateCard': { paramsTuple?: []; params?: {} }
    'RSAMarketTrendsReport': { paramsTuple?: []; params?: {} }
    'rsaMarketTrendsReport.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaSnapshot': { paramsTuple?: []; params?: {} }
    'rsaSnapshot.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollection': { paramsTuple?: []; params?: {} }
    'rsaDataCollection.template': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollection.submissionFile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'trendingThemes': { paramsTuple?: []; params?: {} }
    'allThemes': { paramsTuple?: []; params?: {} }
    'myThemes': { paramsTuple?: []; params?: {} }
    'allResearch': { paramsTuple?: []; params?: {} }
    'userResearch': { paramsTuple?: []; params?: {} }
    'readArticlePdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentFile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchRequests': { paramsTuple?: []; params?: {} }
    'api.trendingThemes': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.movements': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.providers': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.allThemeGroups': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.userThemeGroups': { paramsTuple?: []; params?: {} }
    'insightsReports': { paramsTuple?: []; params?: {} }
    'singleInsightsReport': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'insightsReports.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'insightsReports.download': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.marketData.activeProviders': { paramsTuple?: []; params?: {} }
    'api.marketData.inactiveProviders': { paramsTuple?: []; params?: {} }
    'api.marketData.benchmarks.activeUpcoming': { paramsTuple: [ParamValue]; params: {'providerId': ParamValue} }
    'api.marketData.benchmarks.contract': { paramsTuple: [ParamValue]; params: {'contractId': ParamValue} }
    'api.marketData.contracts': { paramsTuple: [ParamValue]; params: {'providerId': ParamValue} }
    'marketDataTemplates': { paramsTuple?: []; params?: {} }
    'marketDataTemplates.template': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'marketDataTemplates.submissionFile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'marketData': { paramsTuple?: []; params?: {} }
    'scenarios.index': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarios.compare': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarios.export': { paramsTuple: [ParamValue,ParamValue]; params: {'provider_key': ParamValue,'id': ParamValue} }
    'marketDataDocument': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'marketDataProposals': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'marketDataRateCard': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'marketDataExport': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarioAnalysis': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'marketDataProvider': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'AlternativeData': { paramsTuple?: []; params?: {} }
    'alternativeDataExport': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'alternativeDataProvider': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'editMarketData': { paramsTuple?: []; params?: {} }
    'editMarketDataTeam': { paramsTuple: [ParamValue]; params: {'teamId': ParamValue} }
    'editMarketDataProvider': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdProviderClassification': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'adminMdAudit': { paramsTuple?: []; params?: {} }
    'adminMdRateCard': { paramsTuple?: []; params?: {} }
    'updateUniverse': { paramsTuple?: []; params?: {} }
    'adminMdCatalogue': { paramsTuple?: []; params?: {} }
    'adminMdProposals': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdProviderLogo': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'uploadContract': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdContractDocuments.download': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'adminMdUniverse.workbook': { paramsTuple?: []; params?: {} }
    'createMdRateCard': { paramsTuple?: []; params?: {} }
    'editMdRateCard': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'updateRegressions': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.admin.marketData.contract.productBenchmarks': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.aumRanges': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.rateCards.observed': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.provider.categories': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'summary': { paramsTuple?: []; params?: {} }
    'api.dashboard.summary': { paramsTuple?: []; params?: {} }
    'adminSummaryFacets': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin': { paramsTuple?: []; params?: {} }
    'newResearchDocument': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin.exports.download': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentImports': { paramsTuple?: []; params?: {} }
    'researchDocumentImports.template': { paramsTuple?: []; params?: {} }
    'researchDocumentImports.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'editResearchDocument': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.processing': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminHome': { paramsTuple?: []; params?: {} }
    'accountManagement': { paramsTuple?: []; params?: {} }
    'adminSecurityLog': { paramsTuple?: []; params?: {} }
    'adminUsers': { paramsTuple?: []; params?: {} }
    'adminRoles': { paramsTuple?: []; params?: {} }
    'teamProfile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'userProfile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminFeedback': { paramsTuple?: []; params?: {} }
    'adminBackgroundJobs': { paramsTuple?: []; params?: {} }
    'sso.metadata': { paramsTuple: [ParamValue]; params: {'teamId': ParamValue} }
    'SsoManagement': { paramsTuple?: []; params?: {} }
  }
  HEAD: {
    'health.live': { paramsTuple?: []; params?: {} }
    'health.ready': { paramsTuple?: []; params?: {} }
    'dashboard': { paramsTuple?: []; params?: {} }
    'api.currencies': { paramsTuple?: []; params?: {} }
    'providerLogo': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.insightsReports.unread': { paramsTuple?: []; params?: {} }
    'rsaAdminOverview': { paramsTuple?: []; params?: {} }
    'rsaBudgetUpload': { paramsTuple?: []; params?: {} }
    'rsaClientInteractionsUpload': { paramsTuple?: []; params?: {} }
    'rsaPeerInteractionsUpload': { paramsTuple?: []; params?: {} }
    'rsaImports.template': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'rsaImports.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollections': { paramsTuple?: []; params?: {} }
    'rsaDataCollectionSubmissions': { paramsTuple?: []; params?: {} }
    'rsaDataCollectionSubmissions.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaAdminProviders': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.audit': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.logo': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'providersAdmin': { paramsTuple?: []; params?: {} }
    'providersAdmin.analysts.search': { paramsTuple?: []; params?: {} }
    'providersAdmin.moves': { paramsTuple?: []; params?: {} }
    'providersAdmin.import': { paramsTuple?: []; params?: {} }
    'providersAdmin.import.template': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'providersAdmin.dataQuality': { paramsTuple?: []; params?: {} }
    'providersAdmin.audit': { paramsTuple?: []; params?: {} }
    'ProviderLeagueTable': { paramsTuple?: []; params?: {} }
    'providersExport': { paramsTuple?: []; params?: {} }
    'ProviderPage': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.providers': { paramsTuple?: []; params?: {} }
    'api.providers.providerTypes': { paramsTuple?: []; params?: {} }
    'api.providers.mapped': { paramsTuple?: []; params?: {} }
    'api.providers.sectors': { paramsTuple?: []; params?: {} }
    'api.providers.regions': { paramsTuple?: []; params?: {} }
    'api.providers.contextInfo': { paramsTuple?: []; params?: {} }
    'api.marketData.contextInfo': { paramsTuple?: []; params?: {} }
    'adminInsightsReports': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.create': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.taxonomy': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement': { paramsTuple?: []; params?: {} }
    'themeRanking': { paramsTuple?: []; params?: {} }
    'researchRequestsAdmin': { paramsTuple?: []; params?: {} }
    'researchRequestsAdmin.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDiscoveryAnalytics': { paramsTuple?: []; params?: {} }
    'researchDiscoveryAnalytics.trends': { paramsTuple?: []; params?: {} }
    'researchDiscoveryAnalytics.users': { paramsTuple?: []; params?: {} }
    'login': { paramsTuple?: []; params?: {} }
    'password.forgot': { paramsTuple?: []; params?: {} }
    'register': { paramsTuple?: []; params?: {} }
    'twoFactor.challenge': { paramsTuple?: []; params?: {} }
    'password.reset': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'invitation.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'email.verify': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'email.change.confirm': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'unsubscribe': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'password.rotate': { paramsTuple?: []; params?: {} }
    'password.confirm': { paramsTuple?: []; params?: {} }
    'email.notice': { paramsTuple?: []; params?: {} }
    'api.permissions': { paramsTuple?: []; params?: {} }
    'profile.show': { paramsTuple?: []; params?: {} }
    'twoFactor.required': { paramsTuple?: []; params?: {} }
    'api.tour.show': { paramsTuple?: []; params?: {} }
    'RSABudgets': { paramsTuple?: []; params?: {} }
    'rsaBudgetsExport': { paramsTuple?: []; params?: {} }
    'api.rsa.budgets': { paramsTuple?: []; params?: {} }
    'RSAOutliers': { paramsTuple?: []; params?: {} }
    'rsaPeerInteractions': { paramsTuple?: []; params?: {} }
    'RSAPeerGroup': { paramsTuple?: []; params?: {} }
    'RSABenchmarkRateCard': { paramsTuple?: []; params?: {} }
    'RSAMarketTrendsReport': { paramsTuple?: []; params?: {} }
    'rsaMarketTrendsReport.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaSnapshot': { paramsTuple?: []; params?: {} }
    'rsaSnapshot.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollection': { paramsTuple?: []; params?: {} }
    'rsaDataCollection.template': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollection.submissionFile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'trendingThemes': { paramsTuple?: []; params?: {} }
    'allThemes': { paramsTuple?: []; params?: {} }
    'myThemes': { paramsTuple?: []; params?: {} }
    'allResearch': { paramsTuple?: []; params?: {} }
    'userResearch': { paramsTuple?: []; params?: {} }
    'readArticlePdf': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentFile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchRequests': { paramsTuple?: []; params?: {} }
    'api.trendingThemes': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.movements': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.providers': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.allThemeGroups': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.userThemeGroups': { paramsTuple?: []; params?: {} }
    'insightsReports': { paramsTuple?: []; params?: {} }
    'singleInsightsReport': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'insightsReports.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'insightsReports.download': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.marketData.activeProviders': { paramsTuple?: []; params?: {} }
    'api.marketData.inactiveProviders': { paramsTuple?: []; params?: {} }
    'api.marketData.benchmarks.activeUpcoming': { paramsTuple: [ParamValue]; params: {'providerId': ParamValue} }
    'api.marketData.benchmarks.contract': { paramsTuple: [ParamValue]; params: {'contractId': ParamValue} }
    'api.marketData.contracts': { paramsTuple: [ParamValue]; params: {'providerId': ParamValue} }
    'marketDataTemplates': { paramsTuple?: []; params?: {} }
    'marketDataTemplates.template': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'marketDataTemplates.submissionFile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'marketData': { paramsTuple?: []; params?: {} }
    'scenarios.index': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarios.compare': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarios.export': { paramsTuple: [ParamValue,ParamValue]; params: {'provider_key': ParamValue,'id': ParamValue} }
    'marketDataDocument': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'marketDataProposals': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'marketDataRateCard': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'marketDataExport': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarioAnalysis': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'marketDataProvider': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'AlternativeData': { paramsTuple?: []; params?: {} }
    'alternativeDataExport': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'alternativeDataProvider': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'editMarketData': { paramsTuple?: []; params?: {} }
    'editMarketDataTeam': { paramsTuple: [ParamValue]; params: {'teamId': ParamValue} }
    'editMarketDataProvider': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdProviderClassification': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'adminMdAudit': { paramsTuple?: []; params?: {} }
    'adminMdRateCard': { paramsTuple?: []; params?: {} }
    'updateUniverse': { paramsTuple?: []; params?: {} }
    'adminMdCatalogue': { paramsTuple?: []; params?: {} }
    'adminMdProposals': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdProviderLogo': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'uploadContract': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdContractDocuments.download': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'adminMdUniverse.workbook': { paramsTuple?: []; params?: {} }
    'createMdRateCard': { paramsTuple?: []; params?: {} }
    'editMdRateCard': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'updateRegressions': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.admin.marketData.contract.productBenchmarks': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.aumRanges': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.rateCards.observed': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.provider.categories': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'summary': { paramsTuple?: []; params?: {} }
    'api.dashboard.summary': { paramsTuple?: []; params?: {} }
    'adminSummaryFacets': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin': { paramsTuple?: []; params?: {} }
    'newResearchDocument': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin.exports.download': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentImports': { paramsTuple?: []; params?: {} }
    'researchDocumentImports.template': { paramsTuple?: []; params?: {} }
    'researchDocumentImports.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'editResearchDocument': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.processing': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.file': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminHome': { paramsTuple?: []; params?: {} }
    'accountManagement': { paramsTuple?: []; params?: {} }
    'adminSecurityLog': { paramsTuple?: []; params?: {} }
    'adminUsers': { paramsTuple?: []; params?: {} }
    'adminRoles': { paramsTuple?: []; params?: {} }
    'teamProfile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'userProfile': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminFeedback': { paramsTuple?: []; params?: {} }
    'adminBackgroundJobs': { paramsTuple?: []; params?: {} }
    'sso.metadata': { paramsTuple: [ParamValue]; params: {'teamId': ParamValue} }
    'SsoManagement': { paramsTuple?: []; params?: {} }
  }
  POST: {
    'api.currencies.select': { paramsTuple?: []; params?: {} }
    'rsaImports.store': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'rsaImports.commit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.revert': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.discard': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaImports.aliases': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollections.open': { paramsTuple?: []; params?: {} }
    'rsaDataCollections.close': { paramsTuple?: []; params?: {} }
    'rsaDataCollectionSubmissions.status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaDataCollectionSubmissions.apply': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaAdminProviders.store': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.merge': { paramsTuple?: []; params?: {} }
    'rsaAdminProviders.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaAdminProviders.uploadLogo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'providersAdmin.analysts.store': { paramsTuple?: []; params?: {} }
    'providersAdmin.analysts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'providersAdmin.moves.store': { paramsTuple?: []; params?: {} }
    'providersAdmin.moves.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'providersAdmin.moves.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'providersAdmin.import.store': { paramsTuple?: []; params?: {} }
    'api.providers.sectorBreakdown': { paramsTuple?: []; params?: {} }
    'api.providers.headcountGained': { paramsTuple?: []; params?: {} }
    'api.providers.headcountLost': { paramsTuple?: []; params?: {} }
    'api.providers.experienceGained': { paramsTuple?: []; params?: {} }
    'api.providers.experienceLost': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.store': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.checkFile': { paramsTuple?: []; params?: {} }
    'adminInsightsReports.taxonomy.store': { paramsTuple: [ParamValue]; params: {'kind': ParamValue} }
    'adminInsightsReports.taxonomy.update': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'id': ParamValue} }
    'adminInsightsReports.taxonomy.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'kind': ParamValue,'id': ParamValue} }
    'adminInsightsReports.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.replace': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.withdraw': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.republish': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminInsightsReports.notify': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.groups.store': { paramsTuple?: []; params?: {} }
    'themeManagement.groups.rename': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.groups.move': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.groups.reorder': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.store': { paramsTuple?: []; params?: {} }
    'themeManagement.rename': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.synonyms.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.synonyms.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'synonymId': ParamValue} }
    'themeManagement.merge': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.retire': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeManagement.restore': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeRanking.overrides.store': { paramsTuple?: []; params?: {} }
    'themeRanking.overrides.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'themeRanking.publish': { paramsTuple?: []; params?: {} }
    'researchRequestsAdmin.assign': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchRequestsAdmin.status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchRequestsAdmin.answer': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'login.store': { paramsTuple?: []; params?: {} }
    'register.store': { paramsTuple?: []; params?: {} }
    'password.email': { paramsTuple?: []; params?: {} }
    'twoFactor.challenge.store': { paramsTuple?: []; params?: {} }
    'password.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'invitation.accept': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'unsubscribe.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'logout': { paramsTuple?: []; params?: {} }
    'password.rotate.update': { paramsTuple?: []; params?: {} }
    'password.confirm.store': { paramsTuple?: []; params?: {} }
    'email.resend': { paramsTuple?: []; params?: {} }
    'switchTeam': { paramsTuple?: []; params?: {} }
    'profile.password.update': { paramsTuple?: []; params?: {} }
    'profile.update': { paramsTuple?: []; params?: {} }
    'profile.email.resend': { paramsTuple?: []; params?: {} }
    'profile.email.cancel': { paramsTuple?: []; params?: {} }
    'profile.subscriptions.update': { paramsTuple?: []; params?: {} }
    'profile.consent.accept': { paramsTuple?: []; params?: {} }
    'profile.sessions.logoutOthers': { paramsTuple?: []; params?: {} }
    'profile.destroy': { paramsTuple?: []; params?: {} }
    'twoFactor.enable': { paramsTuple?: []; params?: {} }
    'twoFactor.confirm': { paramsTuple?: []; params?: {} }
    'twoFactor.recoveryCodes': { paramsTuple?: []; params?: {} }
    'twoFactor.disable': { paramsTuple?: []; params?: {} }
    'api.feedback': { paramsTuple?: []; params?: {} }
    'api.analytics': { paramsTuple?: []; params?: {} }
    'api.tour.store': { paramsTuple?: []; params?: {} }
    'rsaOutliers.acknowledge': { paramsTuple?: []; params?: {} }
    'rsaOutliers.reopen': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'rsaSnapshot.store': { paramsTuple?: []; params?: {} }
    'rsaDataCollection.upload': { paramsTuple?: []; params?: {} }
    'researchRequests.store': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.researchDocuments': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.userResearchDocuments': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.bookmark': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.bookmark.destroy': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.star': { paramsTuple?: []; params?: {} }
    'api.trendingThemes.star.destroy': { paramsTuple?: []; params?: {} }
    'api.marketData.productCategories': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'marketDataTemplates.upload': { paramsTuple?: []; params?: {} }
    'scenarios.store': { paramsTuple: [ParamValue]; params: {'provider_key': ParamValue} }
    'scenarios.update': { paramsTuple: [ParamValue,ParamValue]; params: {'provider_key': ParamValue,'id': ParamValue} }
    'adminMdProposals.store': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdProposals.update': { paramsTuple: [ParamValue,ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue,'id': ParamValue} }
    'adminMdProposals.destroy': { paramsTuple: [ParamValue,ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue,'id': ParamValue} }
    'adminMdCatalogue.providers.store': { paramsTuple?: []; params?: {} }
    'adminMdCatalogue.providers.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdCatalogue.providers.logo': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdCatalogue.licenseTypes.store': { paramsTuple?: []; params?: {} }
    'adminMdCatalogue.licenseTypes.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdCatalogue.licenseTypes.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdContracts.store': { paramsTuple: [ParamValue,ParamValue]; params: {'teamId': ParamValue,'providerKey': ParamValue} }
    'adminMdContracts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdContracts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdContracts.upload': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminMdContractDocuments.destroy': { paramsTuple: [ParamValue]; params: {'documentId': ParamValue} }
    'adminMdRegressions.store': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'adminMdRegressions.import': { paramsTuple: [ParamValue]; params: {'providerKey': ParamValue} }
    'api.admin.marketData.productBenchmark.store': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.productBenchmark.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.productBenchmark.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.subProductBenchmark.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.universe.import': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.contracts.import': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.rateCards.store': { paramsTuple?: []; params?: {} }
    'api.admin.marketData.rateCards.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.rateCards.active': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.marketData.provider.saveCategory': { paramsTuple?: []; params?: {} }
    'api.dashboard.summary.filters': { paramsTuple?: []; params?: {} }
    'api.dashboard.summary.priorities': { paramsTuple?: []; params?: {} }
    'adminSummaryFacets.update': { paramsTuple: [ParamValue,ParamValue]; params: {'facet': ParamValue,'id': ParamValue} }
    'researchDocumentsAdmin.store': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin.bulk': { paramsTuple?: []; params?: {} }
    'researchDocumentsAdmin.exports.store': { paramsTuple?: []; params?: {} }
    'researchDocumentImports.store': { paramsTuple?: []; params?: {} }
    'researchDocumentImports.check': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentImports.commit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentImports.discard': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.retry': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'researchDocumentsAdmin.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminRoles.store': { paramsTuple?: []; params?: {} }
    'adminRoles.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminRoles.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.store': { paramsTuple?: []; params?: {} }
    'adminTeams.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.modules': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.security': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.members.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.members.role': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'userId': ParamValue} }
    'adminTeams.members.remove': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'userId': ParamValue} }
    'adminTeams.invitations.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminTeams.invitations.resend': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'invitationId': ParamValue} }
    'adminTeams.invitations.revoke': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'invitationId': ParamValue} }
    'adminUsers.disable': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminUsers.enable': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminUsers.resetTwoFactor': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminUsers.requirePasswordChange': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminUsers.roles': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'adminBackgroundJobs.runAgain': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'sso.start': { paramsTuple?: []; params?: {} }
    'sso.acs': { paramsTuple: [ParamValue]; params: {'teamId': ParamValue} }
    'sso.config.update': { paramsTuple?: []; params?: {} }
    'sso.config.confirm': { paramsTuple?: []; params?: {} }
    'sso.config.discard': { paramsTuple?: []; params?: {} }
    'sso.config.toggle': { paramsTuple?: []; params?: {} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}