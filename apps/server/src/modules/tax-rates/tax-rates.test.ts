/** Admin tax rates and the tax setting (issue 27): CRUD in percent over basis points, 400/404/409, admin only. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings, taxRates } from '../../db/schema.ts';
import { buildTestApp, promoteToAdmin, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;

const URL = '/api/admin/tax-rates';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

describe('admin tax rates', () => {
  it('adds, lists, updates and deletes rates, keeping basis points in the table', async () => {
    const empty = await as(t.app, admin).get(URL);
    expect(empty.json()).toEqual({
      success: true,
      data: { rates: [], settings: { pricesIncludeTax: false } },
    });
    const de = await as(t.app, admin).post(URL, { country: 'de', name: 'MwSt', rate: 19 });
    expect(de.statusCode).toBe(201);
    expect(de.json()).toEqual({
      success: true,
      message: 'Tax rate added',
      data: { _id: expect.any(String), country: 'DE', region: '', name: 'MwSt', rate: 19 },
    });
    const ca = (
      await as(t.app, admin).post(URL, { country: 'US', region: 'CA', name: 'Sales tax', rate: 7.25 })
    ).json().data;
    const [row] = await t.db.select().from(taxRates).where(eq(taxRates.id, ca._id));
    expect(row!.rateBp).toBe(725);
    const us = (await as(t.app, admin).post(URL, { country: 'US', name: 'Sales tax', rate: 5 })).json().data;
    const listed = (await as(t.app, admin).get(URL)).json().data.rates;
    expect(listed.map((r: { _id: string }) => r._id)).toEqual([de.json().data._id, us._id, ca._id]);

    const upd = await as(t.app, admin).put(`${URL}/${ca._id}`, {
      country: 'US',
      region: 'ca',
      name: 'CA',
      rate: 8,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toEqual({ _id: ca._id, country: 'US', region: 'ca', name: 'CA', rate: 8 });

    for (const id of [de.json().data._id, ca._id, us._id]) {
      const del = await as(t.app, admin).delete(`${URL}/${id}`);
      expect(del.statusCode).toBe(200);
    }
    expect((await as(t.app, admin).get(URL)).json().data.rates).toEqual([]);
  });

  it('refuses a second rate for the same country and region (ignoring case) with 409', async () => {
    const first = (
      await as(t.app, admin).post(URL, { country: 'US', region: 'NY', name: 'NY', rate: 4 })
    ).json().data;
    const again = await as(t.app, admin).post(URL, { country: 'us', region: 'ny', name: 'Other', rate: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'There is already a rate for US / ny.' });
    const fr = (await as(t.app, admin).post(URL, { country: 'FR', name: 'TVA', rate: 20 })).json().data;
    const frAgain = await as(t.app, admin).post(URL, { country: 'FR', name: 'TVA 2', rate: 5.5 });
    expect(frAgain.json()).toEqual({ success: false, message: 'There is already a rate for FR.' });
    const moved = await as(t.app, admin).put(`${URL}/${fr._id}`, {
      country: 'US',
      region: 'Ny',
      name: 'x',
      rate: 1,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('There is already a rate for US / Ny.');
    await as(t.app, admin).delete(`${URL}/${first._id}`);
    await as(t.app, admin).delete(`${URL}/${fr._id}`);
  });

  it.each([
    ['an unknown country', { country: 'XX', name: 'T', rate: 5 }, 'Choose a country from the list.'],
    ['a blank name', { country: 'US', name: ' ', rate: 5 }, 'Enter the tax name.'],
    ['a negative rate', { country: 'US', name: 'T', rate: -1 }, 'The rate cannot be negative.'],
    ['a rate above 100', { country: 'US', name: 'T', rate: 101 }, 'The rate must be at most 100 %.'],
    ['three decimals', { country: 'US', name: 'T', rate: 7.125 }, 'The rate has at most two decimals.'],
    ['a rate as text', { country: 'US', name: 'T', rate: '5' }, 'The rate must be a number.'],
  ])('refuses %s with 400 and its message', async (_label, body, message) => {
    const res = await as(t.app, admin).post(URL, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 404 for an unknown rate', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const upd = await as(t.app, admin).put(`${URL}/${id}`, { country: 'US', name: 'T', rate: 5 });
    expect(upd.statusCode).toBe(404);
    expect(upd.json()).toEqual({ success: false, message: 'Tax rate not found' });
    expect((await as(t.app, admin).delete(`${URL}/nope`)).statusCode).toBe(404);
  });

  it('stores the tax setting as the prices_include_tax key and answers it with the rates', async () => {
    const on = await as(t.app, admin).put('/api/admin/tax-settings', { pricesIncludeTax: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      success: true,
      message: 'Prices now include tax',
      data: { pricesIncludeTax: true },
    });
    const [row] = await t.db.select().from(shopSettings).where(eq(shopSettings.key, 'prices_include_tax'));
    expect(row!.value).toBe(true);
    expect((await as(t.app, admin).get(URL)).json().data.settings).toEqual({ pricesIncludeTax: true });
    await as(t.app, admin).put('/api/admin/tax-settings', { pricesIncludeTax: false });
    expect((await as(t.app, admin).get(URL)).json().data.settings).toEqual({ pricesIncludeTax: false });
    const bad = await as(t.app, admin).put('/api/admin/tax-settings', { pricesIncludeTax: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a shopper (403)', async () => {
    expect((await as(t.app, shopper).get(URL)).statusCode).toBe(403);
    expect((await as(t.app, shopper).post(URL, { country: 'US', name: 'T', rate: 5 })).statusCode).toBe(403);
    expect(
      (await as(t.app, shopper).put('/api/admin/tax-settings', { pricesIncludeTax: true })).statusCode,
    ).toBe(403);
  });
});
