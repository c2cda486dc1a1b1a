/**
 * The account-setup checklist the dashboard shows until the company has set itself up (`account_setup`).
 * Each step is read from real data, so ticking happens by doing the thing, not by clicking a box.
 */
import type { Company } from '../shared/contracts/session';

export type SetupStepId = 'profile' | 'currency' | 'team' | 'contact';

export interface SetupStep {
  id: SetupStepId;
  done: boolean;
  /** Where the user does it. */
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
    { id: 'contact', done: (contacts ?? 0) > 0, to: '/contacts/new' },
  ];
}
