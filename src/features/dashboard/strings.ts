import { defineStrings } from '../../lib/i18n/define-strings';

const english = {
  title: 'Dashboard',
  subtitle: 'Your company at a glance, {{name}}.',
  asOf: 'As of {{time}}',
  retry: 'Try again',
  failed: 'This could not be loaded.',
  offlineNoData: 'No copy of this is kept on this device yet. It loads once you are online.',
  notAllowed: 'Your role cannot see this.',
  'plan.title': 'Subscription',
  'plan.expired': 'Expired on {{date}}',
  'plan.active': 'Active',
  'plan.endsSoon': 'Ends soon',
  'plan.daysLeft_one': '{{count}} day left, until {{date}}',
  'plan.daysLeft_other': '{{count}} days left, until {{date}}',
  'plan.contact': 'Contact support to extend it.',
  'setup.title': 'Set up your account',
  'setup.finish': 'Open company settings',
  'notifications.title': 'Unread notifications',
  'notifications.none': 'Nothing unread. You are up to date.',
  'notifications.more_one': '{{count}} unread in all',
  'notifications.more_other': '{{count}} unread in all',
  'activity.title': 'Recent activity',
  'activity.none': 'No changes recorded yet.',
  'counts.title': 'Your records',
  'counts.contacts': 'Contacts',
  'counts.users': 'Users',
  'counts.reports': 'Reports',
  'links.title': 'Quick links',
  'links.mail': 'Send mail',
  'links.contacts': 'Contacts',
  'links.reports': 'Reports',
  'links.users': 'Users',
  'links.company': 'Company settings',
  'links.profile': 'Your profile',
  'outbox.title': 'Changes',
  'outbox.saved': 'All changes saved',
  'outbox.waiting_one': '{{count}} change waiting to be sent',
  'outbox.waiting_other': '{{count}} changes waiting to be sent',
  'outbox.problems': '{{count}} need you',
  'outbox.open': 'Open the outbox',
} as const;

export type EnglishStrings = typeof english;

export const { useT: useDashboardT } = defineStrings('dashboard', english, () =>
  import('./strings.es').then((module) => module.default),
);
