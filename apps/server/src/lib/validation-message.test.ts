/** Validation messages name the field in words (issue 40, item 9): the rules, then real refusals of the API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../test/build-test-app.ts';
import { as, type Session } from '../test/shop-client.ts';
import { fieldWords, validationMessage } from './validation-message.ts';

describe('validationMessage', () => {
  it.each([
    [
      'a schema sentence stays as written',
      { keyword: 'too_small', instancePath: '/password', message: 'Password must be at least 8 characters' },
      'Password must be at least 8 characters',
    ],
    [
      'a lower-case rule gets its field',
      { keyword: 'custom', instancePath: '/salePrice', message: 'must be 0 or below the price' },
      'Sale price must be 0 or below the price',
    ],
    [
      'a missing field is required',
      {
        keyword: 'invalid_type',
        instancePath: '/title',
        message: 'Invalid input: expected string, received undefined',
        params: { expected: 'string' },
      },
      'Title is required',
    ],
    [
      'a wrong type says what it must be',
      {
        keyword: 'invalid_type',
        instancePath: '/quantity',
        message: 'Invalid input: expected number, received string',
        params: { expected: 'number' },
      },
      'Quantity must be a number',
    ],
    [
      'a short text names the length',
      {
        keyword: 'too_small',
        instancePath: '/comment',
        message: 'Too small: expected string to have >=3 characters',
        params: { origin: 'string', minimum: 3, inclusive: true },
      },
      'Comment must be at least 3 characters',
    ],
    [
      'an empty text is required',
      {
        keyword: 'too_small',
        instancePath: '/address',
        message: 'Too small: expected string to have >=1 characters',
        params: { origin: 'string', minimum: 1, inclusive: true },
      },
      'Address is required',
    ],
    [
      'a big number names the maximum',
      {
        keyword: 'too_big',
        instancePath: '/totalStock',
        message: 'Too big: expected number to be <=100000',
        params: { origin: 'number', maximum: 100000, inclusive: true },
      },
      'Stock must be at most 100000',
    ],
    [
      'a list entry is counted from 1',
      {
        keyword: 'invalid_type',
        instancePath: '/variants/1/price',
        message: 'Invalid input: expected number, received undefined',
        params: { expected: 'number' },
      },
      'Variant 2: price is required',
    ],
    [
      'a value off the list names the list',
      {
        keyword: 'invalid_value',
        instancePath: '/orderStatus',
        message: 'Invalid option: expected one of "A"|"B"',
        params: { values: ['Pending', 'Shipped'] },
      },
      'Order status must be one of: Pending, Shipped',
    ],
    [
      'an unknown field is named',
      {
        keyword: 'unrecognized_keys',
        instancePath: '/',
        message: 'Unrecognized key: "role"',
        params: { keys: ['role'] },
      },
      'This request does not take the field role',
    ],
    [
      'a bad e-mail asks for a valid one',
      {
        keyword: 'invalid_format',
        instancePath: '/email',
        message: 'Invalid email address',
        params: { format: 'email' },
      },
      'Enter a valid email address',
    ],
  ])('%s', (_name, issue, expected) => {
    expect(validationMessage(issue)).toBe(expected);
  });

  it('puts a field name into words', () => {
    expect(['salePrice', 'username', 'pincode', 'new_password'].map(fieldWords)).toEqual([
      'Sale price',
      'User name',
      'Pincode',
      'New password',
    ]);
  });
});

describe('refusals of the API', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signUpAndLogIn(t.app);
    await promoteToAdmin(t.db, admin.userId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });

  it('registration: the password rule and a missing user name in words (400, success false)', async () => {
    const short = await register({ username: 'Ann', email: 'ann-short@example.test', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ success: false, message: 'Password must be at least 8 characters' });
    const nameless = await register({ email: 'ann-nameless@example.test', password: 'a good password' });
    expect(nameless.json().message).toBe('User name is required');
  });

  it('a product edit with its sale price at the price: "Sale price must be 0 or below the price"', async () => {
    const id = await insertProduct(t.db, { price: 40 });
    const loaded = (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` })).json().data;
    const res = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, {
      image: loaded.image,
      title: 'Sale lamp',
      description: 'A lamp whose sale price is its price.',
      category: 'Home & Kitchen',
      brand: 'Bosch',
      price: 40,
      salePrice: 40,
      totalStock: 3,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sale price must be 0 or below the price');
  });
});
