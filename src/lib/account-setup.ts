/**
 * The account-setup checklist, the one list behind the dashboard's set-up widget and the company screen's
 * set-up panel (both render account-setup-checklist.tsx): its steps, when each counts as done, where the
 * user does it, and its words. Each step is read from real data, so ticking happens by doing the thing,
 * not by clicking a box. The dashboard shows it until the company has set itself up (`account_setup`).
 */
import type { Company } from '../shared/contracts/session';
import { defineStrings } from './i18n/define-strings';

export type SetupStepId = 'profile' | 'currency' | 'team' | 'contact';

export interface SetupStep {
  id: SetupStepId;
  done: boolean;
  /** Where the user does it: a route of src/app/routes.tsx (src/app/account-setup-routes.test.ts). */
  to: string;
}

export interface SetupFacts {
  company: Pick<Company, 'address' | 'phone' | 'currency' | 'timezone'>;
  /** Users of the company, the admin included; undefined while unknown. */
  users?: number;
  contacts?: number;
}

const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

export function setupSteps({ company, users, contacts }: SetupFacts): SetupStep[] {
  const address = company.address ?? {};
  return [
    {
      id: 'profile',
      done: filled(company.phone) && Object.values(address).some(filled),
      to: '/settings/company',
    },
    { id: 'currency', done: filled(company.currency) && filled(company.timezone), to: '/settings/company' },
    { id: 'team', done: (users ?? 0) > 1, to: '/settings/users' },
    // The contacts screen has no address of its own for its add dialog: its "Add contact" button is at the top.
    { id: 'contact', done: (contacts ?? 0) > 0, to: '/contacts' },
  ];
}

const english = {
  progress: '{{done}} of {{total}} done',
  'step.profile': 'Complete the company profile (address and phone)',
  'step.currency': 'Choose the base currency and time zone',
  'step.team': 'Invite a colleague',
  'step.contact': 'Add your first contact',
} as const;

export type AccountSetupStrings = typeof english;

/**
 * The checklist's words, the same wherever it shows. Spanish loads only when shown: the set-up widget is
 * part of the dashboard's first load, whose budget is 230 kB.
 */
export const { useT: useAccountSetupT } = defineStrings('accountSetup', english, () =>
  import('./account-setup.es').then((module) => module.default),
);
