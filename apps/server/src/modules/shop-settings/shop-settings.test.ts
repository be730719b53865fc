/** Shop settings (issue 40, item 14): the return address and instructions, admin only to read and write, public to read back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, promoteToAdmin, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;

const URL = '/api/admin/shop-settings';
const RETURNS = {
  name: 'Emporium Returns',
  address: 'Lagerstraße 5',
  city: 'Hamburg',
  pincode: '20095',
  country: 'de',
  instructions: '  Put the return slip in the parcel. ',
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const publicReturns = async () => (await t.app.inject({ method: 'GET', url: '/api/shop/returns' })).json();

describe('shop settings: the return address', () => {
  it('is null until set; an admin saves it trimmed, and everyone reads it back', async () => {
    expect((await as(t.app, admin).get(URL)).json()).toEqual({ success: true, data: { returns: null } });
    expect(await publicReturns()).toEqual({ success: true, data: null });
    const saved = await as(t.app, admin).put(URL, { returns: RETURNS });
    expect(saved.statusCode).toBe(200);
    const returns = {
      ...RETURNS,
      state: '',
      country: 'DE',
      instructions: 'Put the return slip in the parcel.',
    };
    expect(saved.json()).toEqual({ success: true, message: 'Settings saved', data: { returns } });
    expect((await as(t.app, admin).get(URL)).json().data).toEqual({ returns });
    expect(await publicReturns()).toEqual({ success: true, data: returns });
    const moved = await as(t.app, admin).put(URL, {
      returns: { ...RETURNS, city: 'Bremen', pincode: '28195' },
    });
    expect(moved.json().data.returns).toMatchObject({ city: 'Bremen', pincode: '28195' });
    expect((await publicReturns()).data).toMatchObject({ city: 'Bremen' });
  });

  it.each([
    ['a blank city', { ...RETURNS, city: '  ' }, 'City is required.'],
    ['no postal code', { ...RETURNS, pincode: undefined }, 'Postal code is required.'],
    ['an unknown country', { ...RETURNS, country: 'XX' }, 'Choose a country from the list.'],
    ['instructions of 2001 characters', { ...RETURNS, instructions: 'x'.repeat(2001) }, 'at most 2000'],
    ['an unknown field', { ...RETURNS, phone: '1' }, ''],
  ])('refuses %s with 400 and keeps what was saved', async (_label, returns, message) => {
    const before = await publicReturns();
    const res = await as(t.app, admin).put(URL, { returns });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain(message);
    expect(await publicReturns()).toEqual(before);
  });

  it("is the admin's only: 401 for a visitor, 403 for a shopper, to read or to write", async () => {
    const before = await publicReturns();
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: URL, payload: { returns: RETURNS } })).statusCode).toBe(
      401,
    );
    expect((await as(t.app, shopper).get(URL)).statusCode).toBe(403);
    const put = await as(t.app, shopper).put(URL, { returns: { ...RETURNS, city: 'Nowhere' } });
    expect(put.statusCode).toBe(403);
    expect(put.json().success).toBe(false);
    expect(await publicReturns()).toEqual(before);
  });
});
