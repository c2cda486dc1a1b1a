import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { noRateDetail } from '../../shared/contracts/shipment-charges';
import { refusalText } from './close-job-dialog';

describe('why a job could not be closed, in words', () => {
  it('says what to do for each refusal of the service, not its code', () => {
    expect(refusalText(new ApiError(409, 'NO_REVENUE', 'No revenue line'))).toBe(
      'The job has no revenue line yet: add what the customer is billed first.',
    );
    expect(refusalText(new ApiError(409, 'NO_RATE', 'No rate', [noRateDetail('USD', '2026-03-02')]))).toBe(
      'A charge’s currency has no exchange rate for the job’s date: USD, 2 Mar 2026.',
    );
    expect(refusalText(new ApiError(409, 'SOMETHING_NEW', 'Not now'))).toBe('The job could not be closed: Not now');
  });
});
