import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { iso6346CheckDigit } from '../../src/shared/shipments/check-digits';
import { serviceUrl } from './product-address';
import { HARBOR_ADMIN, signInThroughApi } from './session-helpers';

/**
 * What the shipment specs share: Harbor's services called as another user of the company would call them
 * (a fresh sign-in every 10 s: tokens live 20 s in the end-to-end runs), a customer made for the run, and
 * container numbers nobody else uses, with a right check digit.
 */
export const SHIPMENTS = serviceUrl('shipmentserver');
export const CONTACTS = serviceUrl('contactserver');
export const DRIVE = serviceUrl('driveserver');

export interface StoredShipment {
  _id: string;
  number: string;
  version: number;
  voyage: string;
  containers: Array<{ number: string }>;
}

export function harborApi(request: APIRequestContext) {
  let token: { value: string; at: number } | null = null;
  const auth = async () => {
    if (!token || Date.now() - token.at > 10_000)
      token = { value: (await signInThroughApi(request, HARBOR_ADMIN)).accessToken, at: Date.now() };
    return { Authorization: `Bearer ${token.value}` };
  };
  return {
    customer: async (name: string): Promise<string> => {
      const response = await request.post(`${CONTACTS}/contacts`, {
        headers: await auth(),
        data: { name, typeIds: [] },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: { _id: string } }).data._id;
    },
    createShipment: async (body: Record<string, unknown>): Promise<StoredShipment> => {
      const response = await request.post(`${SHIPMENTS}/shipments`, { headers: await auth(), data: body });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: StoredShipment }).data;
    },
    readShipment: async (id: string): Promise<StoredShipment> => {
      const response = await request.get(`${SHIPMENTS}/shipments/${id}`, { headers: await auth() });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: StoredShipment }).data;
    },
    /** Records a milestone of the shipment (`code`, actual, an hour ago unless `at` says). */
    addEvent: async (id: string, code: string, at = new Date(Date.now() - 3_600_000).toISOString()) => {
      const response = await request.post(`${SHIPMENTS}/shipments/${id}/events`, {
        headers: await auth(),
        data: { _id: crypto.randomUUID(), code, classifier: 'ACT', at },
      });
      expect(response.status(), await response.text()).toBe(201);
    },
    /** Adds a charge line (`kind`, `chargeCode`, `unitPrice`, `currency`) to the shipment. */
    addCharge: async (id: string, body: Record<string, unknown>) => {
      const response = await request.post(`${SHIPMENTS}/shipments/${id}/charges`, {
        headers: await auth(),
        data: body,
      });
      expect(response.status(), await response.text()).toBe(201);
    },
    /** Uploads a small PDF named `fileName` to the drive and attaches it to the shipment as `type`. */
    attachPdf: async (id: string, fileName: string, type: string) => {
      const upload = await request.post(`${DRIVE}/filesystem/file?name=${encodeURIComponent(fileName)}`, {
        headers: { ...(await auth()), 'Content-Type': 'application/pdf' },
        data: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'),
      });
      expect(upload.status(), await upload.text()).toBe(201);
      const fileId = ((await upload.json()) as { data: { _id: string } }).data._id;
      const response = await request.post(`${SHIPMENTS}/shipments/${id}/documents`, {
        headers: await auth(),
        data: { fileId, type },
      });
      expect(response.status(), await response.text()).toBe(201);
    },
    /** Every shipment the search finds (the list's own call). */
    search: async (search: string): Promise<StoredShipment[]> => {
      const response = await request.post(`${SHIPMENTS}/shipments/paginate`, {
        headers: await auth(),
        data: { page: 1, limit: 100, search },
      });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: StoredShipment[] }).data;
    },
  };
}

/** A container number of owner `FDT` no other run has: six digits from the clock and chance, its check digit. */
export function uniqueContainerNumber(): string {
  const serial = `${(Date.now() % 1_000_000) + Math.floor(Math.random() * 1000)}`.padStart(6, '0').slice(-6);
  const firstTen = `FDTU${serial}`;
  return `${firstTen}${iso6346CheckDigit(firstTen)}`;
}

/** A container number with the wrong check digit, and the digit the form should ask for. */
export function wrongCheckDigit(number: string): { wrong: string; expected: string } {
  const expected = number[10]!;
  return { wrong: `${number.slice(0, 10)}${(Number(expected) + 1) % 10}`, expected };
}

/** Chooses a row of a search picker (customer, port, airport) by typing and clicking its option. */
export async function pick(page: Page, label: string, typed: string, option: RegExp | string) {
  const choice = page.getByRole('listbox').getByRole('option', { name: option }).first();
  // Typed again until the list offers it: a keystroke made while the screen is still settling can be lost.
  await expect(async () => {
    await page.getByRole('combobox', { name: label, exact: true }).fill(typed);
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await choice.click();
}

/**
 * Every visible element's box lies within the screen: nothing to scroll sideways to. `screen.width`, not
 * `innerWidth`: mobile emulation widens the layout viewport to fit what is too wide.
 */
export async function expectNothingBeyondTheEdge(page: Page, { soft = false, where = '' } = {}) {
  const beyond = await page.evaluate(() => {
    const edge = window.screen.width;
    const out: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || (style.position === 'fixed' && box.right <= 0)) continue;
      if (box.right > edge + 1 || box.left < -1) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
        out.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.left)}…${Math.round(box.right)}`);
      }
    }
    return { edge, scrollWidth: document.documentElement.scrollWidth, out: out.slice(0, 15) };
  });
  // Soft: a walk over many screens names every screen's problems in one run.
  const check = soft ? expect.soft : expect;
  check(beyond.out, `${where} beyond ${beyond.edge}px`.trim()).toEqual([]);
  check(beyond.scrollWidth, `${where} scrolls sideways`.trim()).toBeLessThanOrEqual(beyond.edge);
}
