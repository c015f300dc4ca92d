import '@adonisjs/inertia/types'

import type React from 'react'
import type { Prettify } from '@adonisjs/core/types/common'

type ExtractProps<T> =
  T extends React.FC<infer Props>
    ? Prettify<Omit<Props, 'children'>>
    : T extends React.Component<infer Props>
      ? Prettify<Omit<Props, 'children'>>
      : never

declare module '@adonisjs/inertia/types' {
  export interface InertiaPages {
    'admin/accounts/roles': ExtractProps<(typeof import('../../inertia/pages/admin/accounts/roles.tsx'))['default']>
    'admin/accounts/team': ExtractProps<(typeof import('../../inertia/pages/admin/accounts/team.tsx'))['default']>
    'admin/accounts/teams': ExtractProps<(typeof import('../../inertia/pages/admin/accounts/teams.tsx'))['default']>
    'admin/accounts/user': ExtractProps<(typeof import('../../inertia/pages/admin/accounts/user.tsx'))['default']>
    'admin/accounts/users': ExtractProps<(typeof import('../../inertia/pages/admin/accounts/users.tsx'))['default']>
    'admin/background_jobs': ExtractProps<(typeof import('../../inertia/pages/admin/background_jobs.tsx'))['default']>
    'admin/feedback': ExtractProps<(typeof import('../../inertia/pages/admin/feedback.tsx'))['default']>
    'admin/insights_reports/index': ExtractProps<(typeof import('../../inertia/pages/admin/insights_reports/index.tsx'))['default']>
    'admin/insights_reports/show': ExtractProps<(typeof import('../../inertia/pages/admin/insights_reports/show.tsx'))['default']>
    'admin/insights_reports/taxonomy': ExtractProps<(typeof import('../../inertia/pages/admin/insights_reports/taxonomy.tsx'))['default']>
    'admin/insights_reports/wizard': ExtractProps<(typeof import('../../inertia/pages/admin/insights_reports/wizard.tsx'))['default']>
    'admin/market_data/audit': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/audit.tsx'))['default']>
    'admin/market_data/catalogue': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/catalogue.tsx'))['default']>
    'admin/market_data/classification': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/classification.tsx'))['default']>
    'admin/market_data/contract_documents': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/contract_documents.tsx'))['default']>
    'admin/market_data/proposals': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/proposals.tsx'))['default']>
    'admin/market_data/provider': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/provider.tsx'))['default']>
    'admin/market_data/providers': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/providers.tsx'))['default']>
    'admin/market_data/rate_card_editor': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/rate_card_editor.tsx'))['default']>
    'admin/market_data/rate_cards': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/rate_cards.tsx'))['default']>
    'admin/market_data/regressions': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/regressions.tsx'))['default']>
    'admin/market_data/teams': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/teams.tsx'))['default']>
    'admin/market_data/universe': ExtractProps<(typeof import('../../inertia/pages/admin/market_data/universe.tsx'))['default']>
    'admin/providers/analysts': ExtractProps<(typeof import('../../inertia/pages/admin/providers/analysts.tsx'))['default']>
    'admin/providers/data_quality': ExtractProps<(typeof import('../../inertia/pages/admin/providers/data_quality.tsx'))['default']>
    'admin/providers/import': ExtractProps<(typeof import('../../inertia/pages/admin/providers/import.tsx'))['default']>
    'admin/providers/moves': ExtractProps<(typeof import('../../inertia/pages/admin/providers/moves.tsx'))['default']>
    'admin/research/analytics': ExtractProps<(typeof import('../../inertia/pages/admin/research/analytics.tsx'))['default']>
    'admin/research/document_form': ExtractProps<(typeof import('../../inertia/pages/admin/research/document_form.tsx'))['default']>
    'admin/research/document_imports': ExtractProps<(typeof import('../../inertia/pages/admin/research/document_imports.tsx'))['default']>
    'admin/research/documents': ExtractProps<(typeof import('../../inertia/pages/admin/research/documents.tsx'))['default']>
    'admin/research/request': ExtractProps<(typeof import('../../inertia/pages/admin/research/request.tsx'))['default']>
    'admin/research/requests': ExtractProps<(typeof import('../../inertia/pages/admin/research/requests.tsx'))['default']>
    'admin/research/theme_ranking': ExtractProps<(typeof import('../../inertia/pages/admin/research/theme_ranking.tsx'))['default']>
    'admin/research/themes': ExtractProps<(typeof import('../../inertia/pages/admin/research/themes.tsx'))['default']>
    'admin/rsa/collections': ExtractProps<(typeof import('../../inertia/pages/admin/rsa/collections.tsx'))['default']>
    'admin/rsa/import_wizard': ExtractProps<(typeof import('../../inertia/pages/admin/rsa/import_wizard.tsx'))['default']>
    'admin/rsa/overview': ExtractProps<(typeof import('../../inertia/pages/admin/rsa/overview.tsx'))['default']>
    'admin/rsa/providers': ExtractProps<(typeof import('../../inertia/pages/admin/rsa/providers.tsx'))['default']>
    'admin/rsa/submissions': ExtractProps<(typeof import('../../inertia/pages/admin/rsa/submissions.tsx'))['default']>
    'admin/security_log': ExtractProps<(typeof import('../../inertia/pages/admin/security_log.tsx'))['default']>
    'admin/summary/facets': ExtractProps<(typeof import('../../inertia/pages/admin/summary/facets.tsx'))['default']>
    'admin/welcome': ExtractProps<(typeof import('../../inertia/pages/admin/welcome.tsx'))['default']>
    'alternative_data/show': ExtractProps<(typeof import('../../inertia/pages/alternative_data/show.tsx'))['default']>
    'areas/coming_soon': ExtractProps<(typeof import('../../inertia/pages/areas/coming_soon.tsx'))['default']>
    'auth/confirm_password': ExtractProps<(typeof import('../../inertia/pages/auth/confirm_password.tsx'))['default']>
    'auth/forgot_password': ExtractProps<(typeof import('../../inertia/pages/auth/forgot_password.tsx'))['default']>
    'auth/invitation': ExtractProps<(typeof import('../../inertia/pages/auth/invitation.tsx'))['default']>
    'auth/login': ExtractProps<(typeof import('../../inertia/pages/auth/login.tsx'))['default']>
    'auth/register': ExtractProps<(typeof import('../../inertia/pages/auth/register.tsx'))['default']>
    'auth/reset_password': ExtractProps<(typeof import('../../inertia/pages/auth/reset_password.tsx'))['default']>
    'auth/rotate_password': ExtractProps<(typeof import('../../inertia/pages/auth/rotate_password.tsx'))['default']>
    'auth/two_factor_challenge': ExtractProps<(typeof import('../../inertia/pages/auth/two_factor_challenge.tsx'))['default']>
    'auth/two_factor_required': ExtractProps<(typeof import('../../inertia/pages/auth/two_factor_required.tsx'))['default']>
    'auth/verify_email_result': ExtractProps<(typeof import('../../inertia/pages/auth/verify_email_result.tsx'))['default']>
    'auth/verify_email': ExtractProps<(typeof import('../../inertia/pages/auth/verify_email.tsx'))['default']>
    'dashboard': ExtractProps<(typeof import('../../inertia/pages/dashboard.tsx'))['default']>
    'errors/error': ExtractProps<(typeof import('../../inertia/pages/errors/error.tsx'))['default']>
    'errors/forbidden': ExtractProps<(typeof import('../../inertia/pages/errors/forbidden.tsx'))['default']>
    'errors/ip_forbidden': ExtractProps<(typeof import('../../inertia/pages/errors/ip_forbidden.tsx'))['default']>
    'errors/no_data': ExtractProps<(typeof import('../../inertia/pages/errors/no_data.tsx'))['default']>
    'errors/no_team': ExtractProps<(typeof import('../../inertia/pages/errors/no_team.tsx'))['default']>
    'errors/not_found': ExtractProps<(typeof import('../../inertia/pages/errors/not_found.tsx'))['default']>
    'errors/server_error': ExtractProps<(typeof import('../../inertia/pages/errors/server_error.tsx'))['default']>
    'errors/unavailable': ExtractProps<(typeof import('../../inertia/pages/errors/unavailable.tsx'))['default']>
    'insights_reports/index': ExtractProps<(typeof import('../../inertia/pages/insights_reports/index.tsx'))['default']>
    'insights_reports/show': ExtractProps<(typeof import('../../inertia/pages/insights_reports/show.tsx'))['default']>
    'market_data/benchmarks': ExtractProps<(typeof import('../../inertia/pages/market_data/benchmarks.tsx'))['default']>
    'market_data/overview': ExtractProps<(typeof import('../../inertia/pages/market_data/overview.tsx'))['default']>
    'market_data/proposals': ExtractProps<(typeof import('../../inertia/pages/market_data/proposals.tsx'))['default']>
    'market_data/rate_card': ExtractProps<(typeof import('../../inertia/pages/market_data/rate_card.tsx'))['default']>
    'market_data/scenario_analysis': ExtractProps<(typeof import('../../inertia/pages/market_data/scenario_analysis.tsx'))['default']>
    'market_data/scenario_comparison': ExtractProps<(typeof import('../../inertia/pages/market_data/scenario_comparison.tsx'))['default']>
    'market_data/scenarios': ExtractProps<(typeof import('../../inertia/pages/market_data/scenarios.tsx'))['default']>
    'market_data/templates': ExtractProps<(typeof import('../../inertia/pages/market_data/templates.tsx'))['default']>
    'profile/show': ExtractProps<(typeof import('../../inertia/pages/profile/show.tsx'))['default']>
    'providers/league_table': ExtractProps<(typeof import('../../inertia/pages/providers/league_table.tsx'))['default']>
    'providers/provider': ExtractProps<(typeof import('../../inertia/pages/providers/provider.tsx'))['default']>
    'research/article': ExtractProps<(typeof import('../../inertia/pages/research/article.tsx'))['default']>
    'research/documents': ExtractProps<(typeof import('../../inertia/pages/research/documents.tsx'))['default']>
    'research/requests': ExtractProps<(typeof import('../../inertia/pages/research/requests.tsx'))['default']>
    'research/themes': ExtractProps<(typeof import('../../inertia/pages/research/themes.tsx'))['default']>
    'research/trending_themes': ExtractProps<(typeof import('../../inertia/pages/research/trending_themes.tsx'))['default']>
    'rsa/budgets': ExtractProps<(typeof import('../../inertia/pages/rsa/budgets.tsx'))['default']>
    'rsa/data_collection': ExtractProps<(typeof import('../../inertia/pages/rsa/data_collection.tsx'))['default']>
    'rsa/market_trends': ExtractProps<(typeof import('../../inertia/pages/rsa/market_trends.tsx'))['default']>
    'rsa/outliers': ExtractProps<(typeof import('../../inertia/pages/rsa/outliers.tsx'))['default']>
    'rsa/peer_group': ExtractProps<(typeof import('../../inertia/pages/rsa/peer_group.tsx'))['default']>
    'rsa/peer_interactions': ExtractProps<(typeof import('../../inertia/pages/rsa/peer_interactions.tsx'))['default']>
    'rsa/rate_card': ExtractProps<(typeof import('../../inertia/pages/rsa/rate_card.tsx'))['default']>
    'rsa/snapshot': ExtractProps<(typeof import('../../inertia/pages/rsa/snapshot.tsx'))['default']>
    'sso/management': ExtractProps<(typeof import('../../inertia/pages/sso/management.tsx'))['default']>
    'summary/show': ExtractProps<(typeof import('../../inertia/pages/summary/show.tsx'))['default']>
    'unsubscribe': ExtractProps<(typeof import('../../inertia/pages/unsubscribe.tsx'))['default']>
  }
}
