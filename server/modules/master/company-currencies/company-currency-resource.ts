/**
 * `/company-currency` (docs/api.md section 11): the currencies the company works in, each with its rate
 * to the company's base currency. The create and every change of rate or date add a row to the rate
 * history (`GET /company-currency/{id}/history`), so an earlier rate is never lost. The company's base
 * currency is not one of them (its rate is 1 by definition).
 */
import {
  companyCurrencyListQuery,
  companyCurrencySchema,
  createCompanyCurrencyBody,
  updateCompanyCurrencyBody,
} from '../../../../src/shared/contracts/master-data.ts';
import { defineResource } from '../../../http/resource-kit.ts';
import { findCompany } from '../../iam/companies/company-repository.ts';
import { alreadyExists, assertKnownCurrency, invalidField } from '../master-data-errors.ts';
import { companyCurrencyRepository, companyCurrencyTaken, recordCurrencyRate } from './company-currency-repository.ts';

export const companyCurrencyResource = defineResource({
  path: '/company-currency',
  entity: 'companyCurrency',
  label: 'Company currency',
  permission: 'masterData',
  tag: 'masterData',
  schemas: {
    item: companyCurrencySchema,
    listQuery: companyCurrencyListQuery,
    create: createCompanyCurrencyBody,
    update: updateCompanyCurrencyBody,
  },
  defaultSort: { field: 'code', descending: false },
  repository: companyCurrencyRepository,
  hooks: {
    beforeCreate: async ({ tx, companyId, auth }, body) => {
      assertKnownCurrency('code', body.code);
      // Rates are against the base currency, so the base currency itself has nothing to hold.
      if ((await findCompany(tx, companyId))?.currency === body.code)
        throw invalidField('code', "the company's base currency (its rate is always 1)");
      if (await companyCurrencyTaken(tx, body.code)) throw alreadyExists('code', 'This currency');
      return { ...body, companyId, createdBy: auth.userId };
    },
    afterCreate: ({ tx, auth }, id) => recordCurrencyRate(tx, id, auth.userId),
    afterUpdate: async ({ tx, auth }, before, after) => {
      // Both sides come back from the database in one spelling (`trim_scale`), so text equality is numeric equality.
      if (before.exchangeRate !== after.exchangeRate || before.validFrom !== after.validFrom)
        await recordCurrencyRate(tx, after._id, auth.userId);
    },
  },
});
