import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import UserTour from '#models/user_tour'
import Feedback from '#models/feedback'
import EmailSubscription from '#models/email_subscription'
import AnalyticsEvent from '#models/analytics_event'
import { UserFactory } from '#database/factories/account_factories'

export const UserTourFactory = factory
  .define(UserTour, () => ({ tourName: 'main-navigation', completedAt: DateTime.now() }))
  .build()

export const FeedbackFactory = factory
  .define(Feedback, ({ faker }) => ({
    rating: faker.number.int({ min: 1, max: 5 }),
    feedbackText: faker.lorem.sentences(2),
    route: '/',
  }))
  .relation('user', () => UserFactory)
  .build()

export const EmailSubscriptionFactory = factory
  .define(EmailSubscription, ({ faker }) => ({
    subscription: faker.helpers.arrayElement(['weekly_digest', 'insights_reports']),
  }))
  .build()

export const AnalyticsEventFactory = factory
  .define(AnalyticsEvent, ({ faker }) => ({
    category: 'Navigation',
    action: faker.helpers.arrayElement(['open-menu', 'switch-team', 'open-feedback']),
    label: null,
    route: '/',
    properties: null,
  }))
  .build()
