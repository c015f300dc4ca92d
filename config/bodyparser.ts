import { defineConfig } from '@adonisjs/core/bodyparser'

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: true,
    types: ['application/json', 'application/json-patch+json', 'application/vnd.api+json'],
  },
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    // Research spend imports (files of up to 512 MB) and research document imports (archives of
    // up to 1 GB) stream their files to disk themselves.
    processManually: [
      '/admin/research-spend-analytics/imports/:kind',
      '/admin/research-discovery/documents/imports',
    ],
    limit: '25mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
