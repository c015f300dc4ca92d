/* eslint-disable prettier/prettier */
/// <reference path="../manifest.d.ts" />

import type { ExtractBody, ExtractErrorResponse, ExtractQuery, ExtractQueryForGet, ExtractResponse } from '@tuyau/core/types'
import type { InferInput, SimpleError } from '@vinejs/vine/types'

export type ParamValue = string | number | bigint | boolean

export interface Registry {
  'health.live': {
    methods: ["GET","HEAD"]
    pattern: '/health/live'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/operations/health_controller').default['live']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/operations/health_controller').default['live']>>>
    }
  }
  'health.ready': {
    methods: ["GET","HEAD"]
    pattern: '/health/ready'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/operations/health_controller').default['ready']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/operations/health_controller').default['ready']>>>
    }
  }
  'dashboard': {
    methods: ["GET","HEAD"]
    pattern: '/'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/dashboard_controller').default['handle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/dashboard_controller').default['handle']>>>
    }
  }
  'api.currencies': {
    methods: ["GET","HEAD"]
    pattern: '/api/currencies'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/currencies_controller').default['handle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/currencies_controller').default['handle']>>>
    }
  }
  'api.currencies.select': {
    methods: ["POST"]
    pattern: '/api/currencies/selected'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/currencies_controller').default['select']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/currencies_controller').default['select']>>>
    }
  }
  'providerLogo': {
    methods: ["GET","HEAD"]
    pattern: '/provider-logos/:providerKey'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/provider_logos_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/provider_logos_controller').default['show']>>>
    }
  }
  'api.insightsReports.unread': {
    methods: ["GET","HEAD"]
    pattern: '/api/insights-reports/unread'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/insights_unread_controller').default['handle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/insights_unread_controller').default['handle']>>>
    }
  }
  'rsaAdminOverview': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/overview_controller').default['handle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/overview_controller').default['handle']>>>
    }
  }
  'rsaBudgetUpload': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/budget-upload'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['budgets']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['budgets']>>>
    }
  }
  'rsaClientInteractionsUpload': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/client-interactions-upload'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['clientInteractions']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['clientInteractions']>>>
    }
  }
  'rsaPeerInteractionsUpload': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/peer-interactions-upload'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['peerInteractions']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['peerInteractions']>>>
    }
  }
  'rsaImports.template': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/imports/templates/:kind'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { kind: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['template']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['template']>>>
    }
  }
  'rsaImports.store': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/imports/:kind'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { kind: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['store']>>>
    }
  }
  'rsaImports.show': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/imports/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['show']>>>
    }
  }
  'rsaImports.file': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/imports/:id/file'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['file']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['file']>>>
    }
  }
  'rsaImports.commit': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/imports/:id/commit'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['commit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['commit']>>>
    }
  }
  'rsaImports.revert': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/imports/:id/revert'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['revert']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['revert']>>>
    }
  }
  'rsaImports.discard': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/imports/:id/discard'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['discard']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['discard']>>>
    }
  }
  'rsaImports.aliases': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/imports/:id/aliases'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['aliases']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['aliases']>>>
    }
  }
  'rsaDataCollections': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/data-collections'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/collections_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/collections_controller').default['index']>>>
    }
  }
  'rsaDataCollections.open': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/data-collections'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/rsa_admin').openRoundValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/rsa_admin').openRoundValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/collections_controller').default['open']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/collections_controller').default['open']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaDataCollections.close': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/data-collections/close'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/rsa_admin').closeRoundValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/rsa_admin').closeRoundValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/collections_controller').default['close']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/collections_controller').default['close']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaDataCollectionSubmissions': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/data-collection-submissions'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/rsa_admin').adminSubmissionsQueryValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/submissions_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/submissions_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaDataCollectionSubmissions.file': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/data-collection-submissions/:id/file'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/submissions_controller').default['file']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/submissions_controller').default['file']>>>
    }
  }
  'rsaDataCollectionSubmissions.status': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/data-collection-submissions/:id/status'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/rsa_admin').submissionStatusValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/rsa_admin').submissionStatusValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/submissions_controller').default['updateStatus']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/submissions_controller').default['updateStatus']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaDataCollectionSubmissions.apply': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/data-collection-submissions/:id/apply'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['applySubmission']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/imports_controller').default['applySubmission']>>>
    }
  }
  'rsaAdminProviders': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/providers'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['index']>>>
    }
  }
  'rsaAdminProviders.audit': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/providers/audit'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['audit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['audit']>>>
    }
  }
  'rsaAdminProviders.logo': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-spend-analytics/providers/:providerKey/logo'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['logo']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['logo']>>>
    }
  }
  'rsaAdminProviders.store': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/providers'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/rsa_providers').researchProviderValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/rsa_providers').researchProviderValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaAdminProviders.merge': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/providers/merge'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/rsa_providers').researchProviderMergeValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/rsa_providers').researchProviderMergeValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['merge']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['merge']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaAdminProviders.update': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/providers/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/rsa_providers').researchProviderValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/rsa_providers').researchProviderValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaAdminProviders.uploadLogo': {
    methods: ["POST"]
    pattern: '/admin/research-spend-analytics/providers/:id/logo'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').providerLogoValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').providerLogoValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['uploadLogo']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rsa/providers_controller').default['uploadLogo']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'providersAdmin': {
    methods: ["GET","HEAD"]
    pattern: '/admin/providers'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/analysts_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/analysts_controller').default['index']>>>
    }
  }
  'providersAdmin.analysts.search': {
    methods: ["GET","HEAD"]
    pattern: '/admin/providers/analysts/search'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/providers_admin').analystSearchValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/analysts_controller').default['search']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/analysts_controller').default['search']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'providersAdmin.analysts.store': {
    methods: ["POST"]
    pattern: '/admin/providers/analysts'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/providers_admin').analystValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/providers_admin').analystValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/analysts_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/analysts_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'providersAdmin.analysts.update': {
    methods: ["POST"]
    pattern: '/admin/providers/analysts/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/providers_admin').analystValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/providers_admin').analystValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/analysts_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/analysts_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'providersAdmin.moves': {
    methods: ["GET","HEAD"]
    pattern: '/admin/providers/moves'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/moves_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/moves_controller').default['index']>>>
    }
  }
  'providersAdmin.moves.store': {
    methods: ["POST"]
    pattern: '/admin/providers/moves'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/providers_admin').moveValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/providers_admin').moveValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/moves_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/moves_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'providersAdmin.moves.update': {
    methods: ["POST"]
    pattern: '/admin/providers/moves/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/providers_admin').moveValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/providers_admin').moveValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/moves_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/moves_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'providersAdmin.moves.destroy': {
    methods: ["POST"]
    pattern: '/admin/providers/moves/:id/destroy'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/moves_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/moves_controller').default['destroy']>>>
    }
  }
  'providersAdmin.import': {
    methods: ["GET","HEAD"]
    pattern: '/admin/providers/import'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/imports_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/imports_controller').default['show']>>>
    }
  }
  'providersAdmin.import.template': {
    methods: ["GET","HEAD"]
    pattern: '/admin/providers/import/templates/:kind'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { kind: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/imports_controller').default['template']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/imports_controller').default['template']>>>
    }
  }
  'providersAdmin.import.store': {
    methods: ["POST"]
    pattern: '/admin/providers/import'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/providers_admin').analystImportValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/providers_admin').analystImportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/imports_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/imports_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'providersAdmin.dataQuality': {
    methods: ["GET","HEAD"]
    pattern: '/admin/providers/data-quality'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/data_quality_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/data_quality_controller').default['index']>>>
    }
  }
  'providersAdmin.audit': {
    methods: ["GET","HEAD"]
    pattern: '/admin/providers/audit'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/providers/audit_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/providers/audit_controller').default['index']>>>
    }
  }
  'ProviderLeagueTable': {
    methods: ["GET","HEAD"]
    pattern: '/providers'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/providers/providers_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/providers/providers_controller').default['index']>>>
    }
  }
  'providersExport': {
    methods: ["GET","HEAD"]
    pattern: '/providers/league-table.csv'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/providers/providers_controller').default['export']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/providers/providers_controller').default['export']>>>
    }
  }
  'ProviderPage': {
    methods: ["GET","HEAD"]
    pattern: '/providers/:providerKey'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/providers/providers_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/providers/providers_controller').default['show']>>>
    }
  }
  'api.providers': {
    methods: ["GET","HEAD"]
    pattern: '/api/providers'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['index']>>>
    }
  }
  'api.providers.providerTypes': {
    methods: ["GET","HEAD"]
    pattern: '/api/providers/provider-types'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['providerTypes']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['providerTypes']>>>
    }
  }
  'api.providers.mapped': {
    methods: ["GET","HEAD"]
    pattern: '/api/providers/mapped'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['mapped']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['mapped']>>>
    }
  }
  'api.providers.sectors': {
    methods: ["GET","HEAD"]
    pattern: '/api/providers/sectors'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['sectors']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['sectors']>>>
    }
  }
  'api.providers.regions': {
    methods: ["GET","HEAD"]
    pattern: '/api/providers/regions'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['regions']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['regions']>>>
    }
  }
  'api.providers.contextInfo': {
    methods: ["GET","HEAD"]
    pattern: '/api/providers/context-info'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['contextInfo']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['contextInfo']>>>
    }
  }
  'api.providers.sectorBreakdown': {
    methods: ["POST"]
    pattern: '/api/providers/interactions/sector-breakdown'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/providers').sectorBreakdownValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/providers').sectorBreakdownValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['sectorBreakdown']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['sectorBreakdown']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.providers.headcountGained': {
    methods: ["POST"]
    pattern: '/api/providers/headcount/gained'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['headcountGained']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['headcountGained']>>>
    }
  }
  'api.providers.headcountLost': {
    methods: ["POST"]
    pattern: '/api/providers/headcount/lost'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['headcountLost']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['headcountLost']>>>
    }
  }
  'api.providers.experienceGained': {
    methods: ["POST"]
    pattern: '/api/providers/experience/gained'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['experienceGained']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['experienceGained']>>>
    }
  }
  'api.providers.experienceLost': {
    methods: ["POST"]
    pattern: '/api/providers/experience/lost'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['experienceLost']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['experienceLost']>>>
    }
  }
  'api.marketData.contextInfo': {
    methods: ["GET","HEAD"]
    pattern: '/api/market-data/context-info'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['marketDataContextInfo']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/providers/providers_api_controller').default['marketDataContextInfo']>>>
    }
  }
  'adminInsightsReports': {
    methods: ["GET","HEAD"]
    pattern: '/admin/insights-reports'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['index']>>>
    }
  }
  'adminInsightsReports.create': {
    methods: ["GET","HEAD"]
    pattern: '/admin/insights-reports/new'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['create']>>>
    }
  }
  'adminInsightsReports.store': {
    methods: ["POST"]
    pattern: '/admin/insights-reports'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/insights_reports').createReportValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/insights_reports').createReportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminInsightsReports.checkFile': {
    methods: ["POST"]
    pattern: '/admin/insights-reports/file-check'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/insights_reports').checkReportFileValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/insights_reports').checkReportFileValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['checkFile']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['checkFile']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminInsightsReports.taxonomy': {
    methods: ["GET","HEAD"]
    pattern: '/admin/insights-reports/taxonomy'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_taxonomy_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_taxonomy_controller').default['index']>>>
    }
  }
  'adminInsightsReports.taxonomy.store': {
    methods: ["POST"]
    pattern: '/admin/insights-reports/:kind'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/insights_reports').taxonomyNameValidator)>>
      paramsTuple: [ParamValue]
      params: { kind: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/insights_reports').taxonomyNameValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_taxonomy_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_taxonomy_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminInsightsReports.taxonomy.update': {
    methods: ["POST"]
    pattern: '/admin/insights-reports/:kind/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/insights_reports').taxonomyNameValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { kind: ParamValue; id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/insights_reports').taxonomyNameValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_taxonomy_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_taxonomy_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminInsightsReports.taxonomy.destroy': {
    methods: ["POST"]
    pattern: '/admin/insights-reports/:kind/:id/destroy'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { kind: ParamValue; id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_taxonomy_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_taxonomy_controller').default['destroy']>>>
    }
  }
  'adminInsightsReports.show': {
    methods: ["GET","HEAD"]
    pattern: '/admin/insights-reports/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['show']>>>
    }
  }
  'adminInsightsReports.update': {
    methods: ["POST"]
    pattern: '/admin/insights-reports/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/insights_reports').updateReportValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/insights_reports').updateReportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminInsightsReports.file': {
    methods: ["GET","HEAD"]
    pattern: '/admin/insights-reports/:id/file'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['file']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['file']>>>
    }
  }
  'adminInsightsReports.replace': {
    methods: ["POST"]
    pattern: '/admin/insights-reports/:id/file'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/insights_reports').replaceFileValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/insights_reports').replaceFileValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['replaceFile']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['replaceFile']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminInsightsReports.withdraw': {
    methods: ["POST"]
    pattern: '/admin/insights-reports/:id/withdraw'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['withdraw']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['withdraw']>>>
    }
  }
  'adminInsightsReports.republish': {
    methods: ["POST"]
    pattern: '/admin/insights-reports/:id/republish'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['republish']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['republish']>>>
    }
  }
  'adminInsightsReports.notify': {
    methods: ["POST"]
    pattern: '/admin/insights-reports/:id/notify'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/insights_reports').notifyValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/insights_reports').notifyValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['notify']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/insights_reports/insights_reports_admin_controller').default['notify']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeManagement': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/themes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['index']>>>
    }
  }
  'themeManagement.groups.store': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/groups'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_themes_admin').groupValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/research_themes_admin').groupValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['storeGroup']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['storeGroup']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeManagement.groups.rename': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/groups/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_themes_admin').nameValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_themes_admin').nameValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['renameGroup']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['renameGroup']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeManagement.groups.move': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/groups/:id/move'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_themes_admin').moveGroupValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_themes_admin').moveGroupValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['moveGroup']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['moveGroup']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeManagement.groups.reorder': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/groups/:id/reorder'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_themes_admin').reorderGroupValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_themes_admin').reorderGroupValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['reorderGroup']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['reorderGroup']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeManagement.store': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_themes_admin').themeValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/research_themes_admin').themeValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['storeTheme']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['storeTheme']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeManagement.rename': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_themes_admin').nameValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_themes_admin').nameValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['renameTheme']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['renameTheme']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeManagement.synonyms.store': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/:id/synonyms'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_themes_admin').synonymValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_themes_admin').synonymValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['storeSynonym']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['storeSynonym']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeManagement.synonyms.destroy': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/:id/synonyms/:synonymId/destroy'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; synonymId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['destroySynonym']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['destroySynonym']>>>
    }
  }
  'themeManagement.merge': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/:id/merge'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_themes_admin').mergeValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_themes_admin').mergeValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['merge']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['merge']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeManagement.retire': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/:id/retire'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['retire']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['retire']>>>
    }
  }
  'themeManagement.restore': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/themes/:id/restore'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['restore']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/themes_controller').default['restore']>>>
    }
  }
  'themeRanking': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/theme-ranking'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/ranking_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/ranking_controller').default['index']>>>
    }
  }
  'themeRanking.overrides.store': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/theme-ranking/overrides'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_ranking_admin').overrideValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/research_ranking_admin').overrideValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/ranking_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/ranking_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeRanking.overrides.destroy': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/theme-ranking/overrides/:id/destroy'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_ranking_admin').removeOverrideValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_ranking_admin').removeOverrideValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/ranking_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/ranking_controller').default['destroy']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'themeRanking.publish': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/theme-ranking/publish'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_ranking_admin').publishValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/research_ranking_admin').publishValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/ranking_controller').default['publish']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/ranking_controller').default['publish']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'researchRequestsAdmin': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/requests'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['index']>>>
    }
  }
  'researchRequestsAdmin.show': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/requests/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['show']>>>
    }
  }
  'researchRequestsAdmin.assign': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/requests/:id/assign'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_requests_admin').assignRequestValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_requests_admin').assignRequestValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['assign']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['assign']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'researchRequestsAdmin.status': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/requests/:id/status'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_requests_admin').requestStatusValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_requests_admin').requestStatusValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['status']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['status']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'researchRequestsAdmin.answer': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/requests/:id/answer'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_requests_admin').answerRequestValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_requests_admin').answerRequestValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['answer']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/requests_controller').default['answer']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'researchDiscoveryAnalytics': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/analytics'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/analytics_controller').default['providers']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/analytics_controller').default['providers']>>>
    }
  }
  'researchDiscoveryAnalytics.trends': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/analytics/trends'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/analytics_controller').default['trends']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/analytics_controller').default['trends']>>>
    }
  }
  'researchDiscoveryAnalytics.users': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/analytics/users'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/analytics_controller').default['users']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/analytics_controller').default['users']>>>
    }
  }
  'login': {
    methods: ["GET","HEAD"]
    pattern: '/login'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['create']>>>
    }
  }
  'login.store': {
    methods: ["POST"]
    pattern: '/login'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').loginValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').loginValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'password.forgot': {
    methods: ["GET","HEAD"]
    pattern: '/forgot-password'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/password_reset_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/password_reset_controller').default['create']>>>
    }
  }
  'register': {
    methods: ["GET","HEAD"]
    pattern: '/register'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/registration_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/registration_controller').default['create']>>>
    }
  }
  'register.store': {
    methods: ["POST"]
    pattern: '/register'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/registration').registerValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/registration').registerValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/registration_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/registration_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'password.email': {
    methods: ["POST"]
    pattern: '/forgot-password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').forgotPasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').forgotPasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/password_reset_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/password_reset_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'twoFactor.challenge': {
    methods: ["GET","HEAD"]
    pattern: '/two-factor-challenge'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/two_factor_challenge_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/two_factor_challenge_controller').default['show']>>>
    }
  }
  'twoFactor.challenge.store': {
    methods: ["POST"]
    pattern: '/two-factor-challenge'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/two_factor_challenge_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/two_factor_challenge_controller').default['store']>>>
    }
  }
  'password.reset': {
    methods: ["GET","HEAD"]
    pattern: '/reset-password/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/password_reset_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/password_reset_controller').default['edit']>>>
    }
  }
  'password.update': {
    methods: ["POST"]
    pattern: '/reset-password/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').resetPasswordValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').resetPasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/password_reset_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/password_reset_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'invitation.show': {
    methods: ["GET","HEAD"]
    pattern: '/invitations/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/invitation_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/invitation_controller').default['show']>>>
    }
  }
  'invitation.accept': {
    methods: ["POST"]
    pattern: '/invitations/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/registration').invitationRegisterValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/registration').invitationRegisterValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/invitation_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/invitation_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'email.verify': {
    methods: ["GET","HEAD"]
    pattern: '/email/verify/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['verify']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['verify']>>>
    }
  }
  'email.change.confirm': {
    methods: ["GET","HEAD"]
    pattern: '/email/change/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/email_change_controller').default['confirm']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/email_change_controller').default['confirm']>>>
    }
  }
  'unsubscribe': {
    methods: ["GET","HEAD"]
    pattern: '/unsubscribe/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/unsubscribe_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/unsubscribe_controller').default['show']>>>
    }
  }
  'unsubscribe.store': {
    methods: ["POST"]
    pattern: '/unsubscribe/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/unsubscribe_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/unsubscribe_controller').default['store']>>>
    }
  }
  'logout': {
    methods: ["POST"]
    pattern: '/logout'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['destroy']>>>
    }
  }
  'password.rotate': {
    methods: ["GET","HEAD"]
    pattern: '/password/rotate'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/password_rotation_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/password_rotation_controller').default['show']>>>
    }
  }
  'password.rotate.update': {
    methods: ["POST"]
    pattern: '/password/rotate'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').rotatePasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').rotatePasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/password_rotation_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/password_rotation_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'password.confirm': {
    methods: ["GET","HEAD"]
    pattern: '/user/confirm-password'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/password_confirmation_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/password_confirmation_controller').default['show']>>>
    }
  }
  'password.confirm.store': {
    methods: ["POST"]
    pattern: '/user/confirm-password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').confirmPasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').confirmPasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/password_confirmation_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/password_confirmation_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'email.notice': {
    methods: ["GET","HEAD"]
    pattern: '/email/verify'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['show']>>>
    }
  }
  'email.resend': {
    methods: ["POST"]
    pattern: '/email/verification-notification'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['store']>>>
    }
  }
  'switchTeam': {
    methods: ["POST"]
    pattern: '/teams/switch'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/team').switchTeamValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/team').switchTeamValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/teams/switch_team_controller').default['handle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/teams/switch_team_controller').default['handle']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.permissions': {
    methods: ["GET","HEAD"]
    pattern: '/api/permissions'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/permissions_controller').default['handle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/permissions_controller').default['handle']>>>
    }
  }
  'profile.show': {
    methods: ["GET","HEAD"]
    pattern: '/user/profile'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['show']>>>
    }
  }
  'profile.password.update': {
    methods: ["POST"]
    pattern: '/user/password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/profile').updatePasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/profile').updatePasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['updatePassword']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['updatePassword']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'profile.update': {
    methods: ["POST"]
    pattern: '/user/profile'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/profile').updateProfileValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/profile').updateProfileValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['updateInfo']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['updateInfo']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'profile.email.resend': {
    methods: ["POST"]
    pattern: '/user/email/resend'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/email_change_controller').default['resend']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/email_change_controller').default['resend']>>>
    }
  }
  'profile.email.cancel': {
    methods: ["POST"]
    pattern: '/user/email/cancel'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/email_change_controller').default['cancel']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/email_change_controller').default['cancel']>>>
    }
  }
  'profile.subscriptions.update': {
    methods: ["POST"]
    pattern: '/user/subscriptions'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/profile').subscriptionsValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/profile').subscriptionsValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['updateSubscriptions']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['updateSubscriptions']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'profile.consent.accept': {
    methods: ["POST"]
    pattern: '/user/consent'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['acceptConsent']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['acceptConsent']>>>
    }
  }
  'profile.sessions.logoutOthers': {
    methods: ["POST"]
    pattern: '/user/sessions/logout-others'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['logoutOtherSessions']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['logoutOtherSessions']>>>
    }
  }
  'profile.destroy': {
    methods: ["POST"]
    pattern: '/user/delete'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['destroy']>>>
    }
  }
  'twoFactor.enable': {
    methods: ["POST"]
    pattern: '/user/two-factor'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['enable']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['enable']>>>
    }
  }
  'twoFactor.confirm': {
    methods: ["POST"]
    pattern: '/user/two-factor/confirm'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['confirm']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['confirm']>>>
    }
  }
  'twoFactor.required': {
    methods: ["GET","HEAD"]
    pattern: '/user/two-factor/required'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['required']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['required']>>>
    }
  }
  'twoFactor.recoveryCodes': {
    methods: ["POST"]
    pattern: '/user/two-factor/recovery-codes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['regenerate']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['regenerate']>>>
    }
  }
  'twoFactor.disable': {
    methods: ["POST"]
    pattern: '/user/two-factor/disable'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['disable']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/two_factor_controller').default['disable']>>>
    }
  }
  'api.feedback': {
    methods: ["POST"]
    pattern: '/api/submit-feedback'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/shell').feedbackValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/shell').feedbackValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/feedback_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/feedback_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.analytics': {
    methods: ["POST"]
    pattern: '/api/analytics/events'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/shell').analyticsEventValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/shell').analyticsEventValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/analytics_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/analytics_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.tour.show': {
    methods: ["GET","HEAD"]
    pattern: '/api/tour/has-user-done-tour/main-navigation'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/tour_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/tour_controller').default['show']>>>
    }
  }
  'api.tour.store': {
    methods: ["POST"]
    pattern: '/api/tour/main-navigation'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/tour_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/tour_controller').default['store']>>>
    }
  }
  'RSABudgets': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/budgets'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/budgets_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/budgets_controller').default['index']>>>
    }
  }
  'rsaBudgetsExport': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/budgets/export'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/rsa').budgetsExportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/budgets_controller').default['export']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/budgets_controller').default['export']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.rsa.budgets': {
    methods: ["GET","HEAD"]
    pattern: '/api/rsa/budgets'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/budgets_controller').default['api']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/budgets_controller').default['api']>>>
    }
  }
  'RSAOutliers': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/outliers'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/outliers_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/outliers_controller').default['index']>>>
    }
  }
  'rsaOutliers.acknowledge': {
    methods: ["POST"]
    pattern: '/rsa/outliers/acknowledge'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/rsa').acknowledgeOutlierValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/rsa').acknowledgeOutlierValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/outliers_controller').default['acknowledge']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/outliers_controller').default['acknowledge']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaOutliers.reopen': {
    methods: ["POST"]
    pattern: '/rsa/outliers/acknowledgements/:id/reopen'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/outliers_controller').default['reopen']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/outliers_controller').default['reopen']>>>
    }
  }
  'rsaPeerInteractions': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/peer-interactions'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/peer_interactions_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/peer_interactions_controller').default['index']>>>
    }
  }
  'RSAPeerGroup': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/peer-group'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/rsa').peerGroupValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/peer_group_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/peer_group_controller').default['show']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'RSABenchmarkRateCard': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/rate-card'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/rate_card_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/rate_card_controller').default['show']>>>
    }
  }
  'RSAMarketTrendsReport': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/market-trends'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/market_trends_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/market_trends_controller').default['show']>>>
    }
  }
  'rsaMarketTrendsReport.file': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/market-trends/reports/:id/file'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/market_trends_controller').default['file']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/market_trends_controller').default['file']>>>
    }
  }
  'rsaSnapshot': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/snapshot'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/snapshots_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/snapshots_controller').default['show']>>>
    }
  }
  'rsaSnapshot.store': {
    methods: ["POST"]
    pattern: '/rsa/snapshot'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/snapshots_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/snapshots_controller').default['store']>>>
    }
  }
  'rsaSnapshot.file': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/snapshots/:id/file'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/snapshots_controller').default['file']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/snapshots_controller').default['file']>>>
    }
  }
  'rsaDataCollection': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/data-collection'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/data_collection').submissionsPageValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/data_collection_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/data_collection_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaDataCollection.template': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/data-collection/:id/template'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/data_collection_controller').default['template']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/data_collection_controller').default['template']>>>
    }
  }
  'rsaDataCollection.upload': {
    methods: ["POST"]
    pattern: '/rsa/data-collection/upload'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/data_collection').dataCollectionUploadValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/data_collection').dataCollectionUploadValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/data_collection_controller').default['upload']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/data_collection_controller').default['upload']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'rsaDataCollection.submissionFile': {
    methods: ["GET","HEAD"]
    pattern: '/rsa/data-collection/submissions/:id/file'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/rsa/data_collection_controller').default['download']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/rsa/data_collection_controller').default['download']>>>
    }
  }
  'trendingThemes': {
    methods: ["GET","HEAD"]
    pattern: '/research-discovery/trending-themes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['trending']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['trending']>>>
    }
  }
  'allThemes': {
    methods: ["GET","HEAD"]
    pattern: '/research-discovery/themes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['themes']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['themes']>>>
    }
  }
  'myThemes': {
    methods: ["GET","HEAD"]
    pattern: '/research-discovery/my-themes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['myThemes']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['myThemes']>>>
    }
  }
  'allResearch': {
    methods: ["GET","HEAD"]
    pattern: '/research-discovery/research'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['research']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['research']>>>
    }
  }
  'userResearch': {
    methods: ["GET","HEAD"]
    pattern: '/research-discovery/my-research'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['myResearch']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['myResearch']>>>
    }
  }
  'readArticlePdf': {
    methods: ["GET","HEAD"]
    pattern: '/research-discovery/research/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['article']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['article']>>>
    }
  }
  'researchDocumentFile': {
    methods: ["GET","HEAD"]
    pattern: '/research-discovery/research/:id/pdf'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['file']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/research/research_pages_controller').default['file']>>>
    }
  }
  'researchRequests': {
    methods: ["GET","HEAD"]
    pattern: '/research-discovery/requests'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/research/research_requests_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/research/research_requests_controller').default['index']>>>
    }
  }
  'researchRequests.store': {
    methods: ["POST"]
    pattern: '/research-discovery/requests'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research').researchRequestValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/research').researchRequestValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/research/research_requests_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/research/research_requests_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.trendingThemes': {
    methods: ["GET","HEAD"]
    pattern: '/api/trending-themes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['index']>>>
    }
  }
  'api.trendingThemes.movements': {
    methods: ["GET","HEAD"]
    pattern: '/api/trending-themes/movements'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['movements']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['movements']>>>
    }
  }
  'api.trendingThemes.providers': {
    methods: ["GET","HEAD"]
    pattern: '/api/trending-themes/providers'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['providers']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['providers']>>>
    }
  }
  'api.trendingThemes.allThemeGroups': {
    methods: ["GET","HEAD"]
    pattern: '/api/trending-themes/all-theme-groups'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['allThemeGroups']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['allThemeGroups']>>>
    }
  }
  'api.trendingThemes.userThemeGroups': {
    methods: ["GET","HEAD"]
    pattern: '/api/trending-themes/user-theme-groups'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['userThemeGroups']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['userThemeGroups']>>>
    }
  }
  'api.trendingThemes.researchDocuments': {
    methods: ["POST"]
    pattern: '/api/trending-themes/research-documents'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['researchDocuments']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['researchDocuments']>>>
    }
  }
  'api.trendingThemes.userResearchDocuments': {
    methods: ["POST"]
    pattern: '/api/trending-themes/user-research-documents'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['userResearchDocuments']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['userResearchDocuments']>>>
    }
  }
  'api.trendingThemes.bookmark': {
    methods: ["POST"]
    pattern: '/api/trending-themes/bookmark'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['bookmark']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['bookmark']>>>
    }
  }
  'api.trendingThemes.bookmark.destroy': {
    methods: ["POST"]
    pattern: '/api/trending-themes/bookmark/destroy'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['destroyBookmark']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['destroyBookmark']>>>
    }
  }
  'api.trendingThemes.star': {
    methods: ["POST"]
    pattern: '/api/trending-themes/starred-themes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['star']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['star']>>>
    }
  }
  'api.trendingThemes.star.destroy': {
    methods: ["POST"]
    pattern: '/api/trending-themes/starred-themes/destroy'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['destroyStar']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/research/trending_themes_controller').default['destroyStar']>>>
    }
  }
  'insightsReports': {
    methods: ["GET","HEAD"]
    pattern: '/insights-reports'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/insights_reports/insights_reports_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/insights_reports/insights_reports_controller').default['index']>>>
    }
  }
  'singleInsightsReport': {
    methods: ["GET","HEAD"]
    pattern: '/insights-reports/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/insights_reports/insights_reports_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/insights_reports/insights_reports_controller').default['show']>>>
    }
  }
  'insightsReports.file': {
    methods: ["GET","HEAD"]
    pattern: '/insights-reports/:id/file'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/insights_reports/insights_reports_controller').default['file']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/insights_reports/insights_reports_controller').default['file']>>>
    }
  }
  'insightsReports.download': {
    methods: ["GET","HEAD"]
    pattern: '/insights-reports/:id/download'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/insights_reports/insights_reports_controller').default['download']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/insights_reports/insights_reports_controller').default['download']>>>
    }
  }
  'api.marketData.activeProviders': {
    methods: ["GET","HEAD"]
    pattern: '/api/market-data/active-providers'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['activeProviders']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['activeProviders']>>>
    }
  }
  'api.marketData.inactiveProviders': {
    methods: ["GET","HEAD"]
    pattern: '/api/market-data/inactive-providers'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['inactiveProviders']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['inactiveProviders']>>>
    }
  }
  'api.marketData.benchmarks.activeUpcoming': {
    methods: ["GET","HEAD"]
    pattern: '/api/market-data/benchmarks/active-upcoming/:providerId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { providerId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['activeUpcomingBenchmarks']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['activeUpcomingBenchmarks']>>>
    }
  }
  'api.marketData.benchmarks.contract': {
    methods: ["GET","HEAD"]
    pattern: '/api/market-data/benchmarks/contract/:contractId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { contractId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['contractBenchmarks']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['contractBenchmarks']>>>
    }
  }
  'api.marketData.productCategories': {
    methods: ["POST"]
    pattern: '/api/market-data/product-categories/:providerKey'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/market_data').productCategoriesValidator)>>
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/market_data').productCategoriesValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['productCategories']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['productCategories']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.marketData.contracts': {
    methods: ["GET","HEAD"]
    pattern: '/api/market-data/contracts/:providerId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { providerId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['contracts']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/market_data/market_data_controller').default['contracts']>>>
    }
  }
  'marketDataTemplates': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/templates'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/market_data').submissionsPageValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/data_collection_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/data_collection_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'marketDataTemplates.template': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/templates/:id/template'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/data_collection_controller').default['template']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/data_collection_controller').default['template']>>>
    }
  }
  'marketDataTemplates.upload': {
    methods: ["POST"]
    pattern: '/market-data/templates/upload'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/market_data').dataCollectionUploadValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/market_data').dataCollectionUploadValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/data_collection_controller').default['upload']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/data_collection_controller').default['upload']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'marketDataTemplates.submissionFile': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/templates/submissions/:id/file'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/data_collection_controller').default['download']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/data_collection_controller').default['download']>>>
    }
  }
  'marketData': {
    methods: ["GET","HEAD"]
    pattern: '/market-data'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/overview_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/overview_controller').default['show']>>>
    }
  }
  'scenarios.index': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/:provider_key/scenarios'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['index']>>>
    }
  }
  'scenarios.store': {
    methods: ["POST"]
    pattern: '/market-data/:provider_key/scenarios'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/market_data').saveScenarioValidator)>>
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/market_data').saveScenarioValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'scenarios.compare': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/:provider_key/scenarios/compare'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/market_data').scenarioComparisonValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['compare']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['compare']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'scenarios.export': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/:provider_key/scenarios/:id/export'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { provider_key: ParamValue; id: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/market_data').scenarioExportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['export']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['export']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'scenarios.update': {
    methods: ["POST"]
    pattern: '/market-data/:provider_key/scenarios/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/market_data').saveScenarioValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { provider_key: ParamValue; id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/market_data').saveScenarioValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/scenarios_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'marketDataDocument': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/documents/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['document']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['document']>>>
    }
  }
  'marketDataProposals': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/:provider_key/proposals'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['proposals']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['proposals']>>>
    }
  }
  'marketDataRateCard': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/:provider_key/rate-card'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['rateCard']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['rateCard']>>>
    }
  }
  'marketDataExport': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/:provider_key/export'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/market_data').benchmarksExportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['export']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['export']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'scenarioAnalysis': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/:provider_key/scenario-analysis'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/market_data').scenarioPageValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['scenario']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['scenario']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'marketDataProvider': {
    methods: ["GET","HEAD"]
    pattern: '/market-data/:provider_key'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/market_data').benchmarksPageValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/benchmarks_controller').default['show']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'AlternativeData': {
    methods: ["GET","HEAD"]
    pattern: '/alternative-data'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/alternative_data_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/alternative_data_controller').default['index']>>>
    }
  }
  'alternativeDataExport': {
    methods: ["GET","HEAD"]
    pattern: '/alternative-data/:provider_key/export'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/market_data').alternativeDataExportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/alternative_data_controller').default['export']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/alternative_data_controller').default['export']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'alternativeDataProvider': {
    methods: ["GET","HEAD"]
    pattern: '/alternative-data/:provider_key'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { provider_key: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/market_data').alternativeDataPageValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/market_data/alternative_data_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/market_data/alternative_data_controller').default['show']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'editMarketData': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['teams']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['teams']>>>
    }
  }
  'editMarketDataTeam': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/teams/:teamId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { teamId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['providers']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['providers']>>>
    }
  }
  'editMarketDataProvider': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/teams/:teamId/providers/:providerKey'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { teamId: ParamValue; providerKey: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['provider']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['provider']>>>
    }
  }
  'adminMdProviderClassification': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/providers/:providerKey/classification'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['classification']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['classification']>>>
    }
  }
  'adminMdAudit': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/audit'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['audit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/market_data_controller').default['audit']>>>
    }
  }
  'adminMdRateCard': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/rate-cards'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['index']>>>
    }
  }
  'updateUniverse': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/universe'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/universe_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/universe_controller').default['show']>>>
    }
  }
  'adminMdCatalogue': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/catalogue'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['index']>>>
    }
  }
  'adminMdProposals': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/teams/:teamId/providers/:providerKey/proposals'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { teamId: ParamValue; providerKey: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/proposals_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/proposals_controller').default['index']>>>
    }
  }
  'adminMdProposals.store': {
    methods: ["POST"]
    pattern: '/admin/market-data/teams/:teamId/providers/:providerKey/proposals'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').proposalValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { teamId: ParamValue; providerKey: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').proposalValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/proposals_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/proposals_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdProposals.update': {
    methods: ["POST"]
    pattern: '/admin/market-data/teams/:teamId/providers/:providerKey/proposals/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').proposalValidator)>>
      paramsTuple: [ParamValue, ParamValue, ParamValue]
      params: { teamId: ParamValue; providerKey: ParamValue; id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').proposalValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/proposals_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/proposals_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdProposals.destroy': {
    methods: ["POST"]
    pattern: '/admin/market-data/teams/:teamId/providers/:providerKey/proposals/:id/delete'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue, ParamValue]
      params: { teamId: ParamValue; providerKey: ParamValue; id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/proposals_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/proposals_controller').default['destroy']>>>
    }
  }
  'adminMdCatalogue.providers.store': {
    methods: ["POST"]
    pattern: '/admin/market-data/catalogue/providers'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').providerValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').providerValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['storeProvider']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['storeProvider']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdCatalogue.providers.update': {
    methods: ["POST"]
    pattern: '/admin/market-data/catalogue/providers/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').providerValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').providerValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['updateProvider']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['updateProvider']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdCatalogue.providers.logo': {
    methods: ["POST"]
    pattern: '/admin/market-data/catalogue/providers/:id/logo'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').providerLogoValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').providerLogoValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['uploadLogo']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['uploadLogo']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdCatalogue.licenseTypes.store': {
    methods: ["POST"]
    pattern: '/admin/market-data/catalogue/license-types'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').licenseTypeValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').licenseTypeValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['storeLicenseType']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['storeLicenseType']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdCatalogue.licenseTypes.update': {
    methods: ["POST"]
    pattern: '/admin/market-data/catalogue/license-types/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').licenseTypeValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').licenseTypeValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['updateLicenseType']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['updateLicenseType']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdCatalogue.licenseTypes.destroy': {
    methods: ["POST"]
    pattern: '/admin/market-data/catalogue/license-types/:id/delete'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['destroyLicenseType']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['destroyLicenseType']>>>
    }
  }
  'adminMdProviderLogo': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/providers/:providerKey/logo'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['logo']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/catalogue_controller').default['logo']>>>
    }
  }
  'adminMdContracts.store': {
    methods: ["POST"]
    pattern: '/admin/market-data/teams/:teamId/providers/:providerKey/contracts'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').contractValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { teamId: ParamValue; providerKey: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').contractValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdContracts.update': {
    methods: ["POST"]
    pattern: '/admin/market-data/contracts/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').contractValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').contractValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdContracts.destroy': {
    methods: ["POST"]
    pattern: '/admin/market-data/contracts/:id/delete'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['destroy']>>>
    }
  }
  'adminMdContracts.upload': {
    methods: ["POST"]
    pattern: '/admin/market-data/contracts/:id/documents'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').contractDocumentValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').contractDocumentValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['upload']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['upload']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'uploadContract': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/contracts/:id/documents'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['documents']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['documents']>>>
    }
  }
  'adminMdContractDocuments.download': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/contract-documents/:documentId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { documentId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['download']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['download']>>>
    }
  }
  'adminMdContractDocuments.destroy': {
    methods: ["POST"]
    pattern: '/admin/market-data/contract-documents/:documentId/delete'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { documentId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['destroyDocument']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/contracts_controller').default['destroyDocument']>>>
    }
  }
  'adminMdUniverse.workbook': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/universe/workbook'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/universe_controller').default['workbook']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/universe_controller').default['workbook']>>>
    }
  }
  'createMdRateCard': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/rate-cards/create'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['create']>>>
    }
  }
  'editMdRateCard': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/rate-cards/:id/edit'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['edit']>>>
    }
  }
  'updateRegressions': {
    methods: ["GET","HEAD"]
    pattern: '/admin/market-data/providers/:providerKey/regressions'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/regressions_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/regressions_controller').default['index']>>>
    }
  }
  'adminMdRegressions.store': {
    methods: ["POST"]
    pattern: '/admin/market-data/providers/:providerKey/regressions'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').regressionValidator)>>
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').regressionValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/regressions_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/regressions_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminMdRegressions.import': {
    methods: ["POST"]
    pattern: '/admin/market-data/providers/:providerKey/regressions/import'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').regressionImportValidator)>>
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').regressionImportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/regressions_controller').default['import']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/regressions_controller').default['import']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.admin.marketData.contract.productBenchmarks': {
    methods: ["GET","HEAD"]
    pattern: '/api/admin/market-data/contract/:id/product-benchmarks'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['contractBenchmarks']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['contractBenchmarks']>>>
    }
  }
  'api.admin.marketData.productBenchmark.store': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/product-benchmark/store'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').productBenchmarkValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').productBenchmarkValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.admin.marketData.productBenchmark.update': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/product-benchmark/update/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').productBenchmarkValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').productBenchmarkValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.admin.marketData.productBenchmark.destroy': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/product-benchmark/destroy/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['destroy']>>>
    }
  }
  'api.admin.marketData.subProductBenchmark.destroy': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/sub-product-benchmark/destroy/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['destroySubProduct']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['destroySubProduct']>>>
    }
  }
  'api.admin.marketData.aumRanges': {
    methods: ["GET","HEAD"]
    pattern: '/api/admin/market-data/rate-cards/aum-ranges'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['aumRanges']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['aumRanges']>>>
    }
  }
  'api.admin.marketData.universe.import': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/universe/import'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/universe_controller').default['import']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/universe_controller').default['import']>>>
    }
  }
  'api.admin.marketData.contracts.import': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/contracts/import'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/universe_controller').default['importContracts']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/universe_controller').default['importContracts']>>>
    }
  }
  'api.admin.marketData.rateCards.observed': {
    methods: ["GET","HEAD"]
    pattern: '/api/admin/market-data/rate-cards/observed'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/admin_market_data').observedBenchmarksValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['observed']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['observed']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.admin.marketData.rateCards.store': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/rate-cards'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').rateCardValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').rateCardValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.admin.marketData.rateCards.update': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/rate-cards/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').rateCardValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').rateCardValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.admin.marketData.rateCards.active': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/rate-cards/:id/active'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').rateCardActiveValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').rateCardActiveValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['active']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/rate_cards_controller').default['active']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'api.admin.marketData.provider.categories': {
    methods: ["GET","HEAD"]
    pattern: '/api/admin/market-data/provider/categories/:providerKey'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { providerKey: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['categories']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['categories']>>>
    }
  }
  'api.admin.marketData.provider.saveCategory': {
    methods: ["POST"]
    pattern: '/api/admin/market-data/provider/save-category'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_market_data').saveCategoryValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_market_data').saveCategoryValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['saveCategory']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/api/admin/market_data_controller').default['saveCategory']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'summary': {
    methods: ["GET","HEAD"]
    pattern: '/summary'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/summary/summary_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/summary/summary_controller').default['show']>>>
    }
  }
  'api.dashboard.summary': {
    methods: ["GET","HEAD"]
    pattern: '/api/dashboard/summary'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/summary/summary_controller').default['api']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/summary/summary_controller').default['api']>>>
    }
  }
  'api.dashboard.summary.filters': {
    methods: ["POST"]
    pattern: '/api/dashboard/summary/filters'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/summary/summary_controller').default['saveFilters']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/summary/summary_controller').default['saveFilters']>>>
    }
  }
  'api.dashboard.summary.priorities': {
    methods: ["POST"]
    pattern: '/api/dashboard/summary/priorities'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/summary').summaryPriorityValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/summary').summaryPriorityValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/summary/summary_controller').default['setPriority']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/summary/summary_controller').default['setPriority']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminSummaryFacets': {
    methods: ["GET","HEAD"]
    pattern: '/admin/summary-facets'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/summary/summary_facets_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/summary/summary_facets_controller').default['index']>>>
    }
  }
  'adminSummaryFacets.update': {
    methods: ["POST"]
    pattern: '/admin/summary-facets/:facet/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/summary').facetNameValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { facet: ParamValue; id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/summary').facetNameValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/summary/summary_facets_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/summary/summary_facets_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'researchDocumentsAdmin': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/documents'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['index']>>>
    }
  }
  'newResearchDocument': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/documents/new'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['create']>>>
    }
  }
  'researchDocumentsAdmin.store': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/documents'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_documents_admin').newDocumentValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/research_documents_admin').newDocumentValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'researchDocumentsAdmin.bulk': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/documents/bulk'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_documents_admin').bulkDocumentsValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/research_documents_admin').bulkDocumentsValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['bulk']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['bulk']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'researchDocumentsAdmin.exports.store': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/documents/exports'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_documents_admin').documentListValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/research_documents_admin').documentListValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['exportStore']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['exportStore']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'researchDocumentsAdmin.exports.download': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/documents/exports/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['exportDownload']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['exportDownload']>>>
    }
  }
  'researchDocumentImports': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/documents/imports'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['index']>>>
    }
  }
  'researchDocumentImports.template': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/documents/imports/template'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['template']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['template']>>>
    }
  }
  'researchDocumentImports.store': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/documents/imports'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['store']>>>
    }
  }
  'researchDocumentImports.show': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/documents/imports/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['show']>>>
    }
  }
  'researchDocumentImports.check': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/documents/imports/:id/check'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['check']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['check']>>>
    }
  }
  'researchDocumentImports.commit': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/documents/imports/:id/commit'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['commit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['commit']>>>
    }
  }
  'researchDocumentImports.discard': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/documents/imports/:id/discard'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['discard']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/document_imports_controller').default['discard']>>>
    }
  }
  'editResearchDocument': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/documents/:id/edit'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['edit']>>>
    }
  }
  'researchDocumentsAdmin.processing': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/documents/:id/processing'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['processing']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['processing']>>>
    }
  }
  'researchDocumentsAdmin.file': {
    methods: ["GET","HEAD"]
    pattern: '/admin/research-discovery/documents/:id/pdf'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['file']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['file']>>>
    }
  }
  'researchDocumentsAdmin.retry': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/documents/:id/retry'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['retry']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['retry']>>>
    }
  }
  'researchDocumentsAdmin.update': {
    methods: ["POST"]
    pattern: '/admin/research-discovery/documents/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/research_documents_admin').editDocumentValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/research_documents_admin').editDocumentValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/research/documents_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminHome': {
    methods: ["GET","HEAD"]
    pattern: '/admin/welcome'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/admin_home_controller').default['handle']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/admin_home_controller').default['handle']>>>
    }
  }
  'accountManagement': {
    methods: ["GET","HEAD"]
    pattern: '/admin/account-management'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/account_management').listQueryValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['teams']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['teams']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminSecurityLog': {
    methods: ["GET","HEAD"]
    pattern: '/admin/account-management/security-log'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/security_log_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/security_log_controller').default['index']>>>
    }
  }
  'adminUsers': {
    methods: ["GET","HEAD"]
    pattern: '/admin/account-management/users'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/account_management').listQueryValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['users']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['users']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminRoles': {
    methods: ["GET","HEAD"]
    pattern: '/admin/account-management/roles'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['roles']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['roles']>>>
    }
  }
  'adminRoles.store': {
    methods: ["POST"]
    pattern: '/admin/account-management/roles'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').roleValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').roleValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['storeRole']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['storeRole']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminRoles.update': {
    methods: ["POST"]
    pattern: '/admin/account-management/roles/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').roleValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').roleValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateRole']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateRole']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminRoles.destroy': {
    methods: ["POST"]
    pattern: '/admin/account-management/roles/:id/destroy'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['destroyRole']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['destroyRole']>>>
    }
  }
  'adminTeams.store': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').teamDetailsValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').teamDetailsValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['storeTeam']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['storeTeam']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'teamProfile': {
    methods: ["GET","HEAD"]
    pattern: '/admin/account-management/teams/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['team']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['team']>>>
    }
  }
  'adminTeams.update': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').teamDetailsValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').teamDetailsValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateTeam']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateTeam']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminTeams.modules': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams/:id/modules'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').teamModulesValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').teamModulesValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateModules']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateModules']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminTeams.security': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams/:id/security'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').teamSecurityValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').teamSecurityValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateSecurity']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateSecurity']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminTeams.members.store': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams/:id/members'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').memberValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').memberValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['addMember']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['addMember']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminTeams.members.role': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams/:id/members/:userId/role'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').memberRoleValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; userId: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').memberRoleValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['changeRole']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['changeRole']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminTeams.members.remove': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams/:id/members/:userId/remove'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; userId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['removeMember']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['removeMember']>>>
    }
  }
  'adminTeams.invitations.store': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams/:id/invitations'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').invitationValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').invitationValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['invite']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['invite']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminTeams.invitations.resend': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams/:id/invitations/:invitationId/resend'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; invitationId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['resendInvitation']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['resendInvitation']>>>
    }
  }
  'adminTeams.invitations.revoke': {
    methods: ["POST"]
    pattern: '/admin/account-management/teams/:id/invitations/:invitationId/revoke'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; invitationId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['revokeInvitation']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['revokeInvitation']>>>
    }
  }
  'userProfile': {
    methods: ["GET","HEAD"]
    pattern: '/admin/account-management/users/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['user']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['user']>>>
    }
  }
  'adminUsers.disable': {
    methods: ["POST"]
    pattern: '/admin/account-management/users/:id/disable'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['disableUser']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['disableUser']>>>
    }
  }
  'adminUsers.enable': {
    methods: ["POST"]
    pattern: '/admin/account-management/users/:id/enable'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['enableUser']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['enableUser']>>>
    }
  }
  'adminUsers.resetTwoFactor': {
    methods: ["POST"]
    pattern: '/admin/account-management/users/:id/reset-two-factor'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['resetTwoFactor']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['resetTwoFactor']>>>
    }
  }
  'adminUsers.requirePasswordChange': {
    methods: ["POST"]
    pattern: '/admin/account-management/users/:id/require-password-change'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['requirePasswordChange']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['requirePasswordChange']>>>
    }
  }
  'adminUsers.roles': {
    methods: ["POST"]
    pattern: '/admin/account-management/users/:id/roles'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/account_management').administratorRolesValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/account_management').administratorRolesValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateAdministratorRoles']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/account_management_controller').default['updateAdministratorRoles']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminFeedback': {
    methods: ["GET","HEAD"]
    pattern: '/admin/feedback'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/feedback_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/feedback_controller').default['index']>>>
    }
  }
  'adminBackgroundJobs': {
    methods: ["GET","HEAD"]
    pattern: '/admin/background-jobs'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/background_jobs').jobRunsQueryValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/background_jobs_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/background_jobs_controller').default['index']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'adminBackgroundJobs.runAgain': {
    methods: ["POST"]
    pattern: '/admin/background-jobs/:id/run-again'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/background_jobs_controller').default['runAgain']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/background_jobs_controller').default['runAgain']>>>
    }
  }
  'sso.start': {
    methods: ["POST"]
    pattern: '/sso/start'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/sso').ssoStartValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/sso').ssoStartValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/sso/sso_sign_in_controller').default['start']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/sso/sso_sign_in_controller').default['start']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'sso.acs': {
    methods: ["POST"]
    pattern: '/sso/acs/:teamId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { teamId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/sso/sso_sign_in_controller').default['acs']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/sso/sso_sign_in_controller').default['acs']>>>
    }
  }
  'sso.metadata': {
    methods: ["GET","HEAD"]
    pattern: '/sso/metadata/:teamId'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { teamId: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/sso/sso_sign_in_controller').default['metadata']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/sso/sso_sign_in_controller').default['metadata']>>>
    }
  }
  'SsoManagement': {
    methods: ["GET","HEAD"]
    pattern: '/sso-management'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['show']>>>
    }
  }
  'sso.config.update': {
    methods: ["POST"]
    pattern: '/sso-management/metadata'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/sso').ssoMetadataValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/sso').ssoMetadataValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['updateMetadata']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['updateMetadata']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'sso.config.confirm': {
    methods: ["POST"]
    pattern: '/sso-management/metadata/confirm'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/sso').ssoConfirmMetadataValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/sso').ssoConfirmMetadataValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['confirmMetadata']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['confirmMetadata']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'sso.config.discard': {
    methods: ["POST"]
    pattern: '/sso-management/metadata/discard'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['discardMetadata']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['discardMetadata']>>>
    }
  }
  'sso.config.toggle': {
    methods: ["POST"]
    pattern: '/sso-management/state'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/sso').ssoStateValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/sso').ssoStateValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['updateState']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/sso/sso_management_controller').default['updateState']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
}
