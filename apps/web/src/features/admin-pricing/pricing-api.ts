/**
 * Admin calls for checkout pricing (issue 27): shipping methods, tax rates and the tax setting, discount codes.
 * Money in dollars, rates in percent; each call throws an ApiError with the server's message on a refusal.
 */
import type {
  DiscountCodeBody,
  DiscountCodeListResponse,
  DiscountCodeResponse,
  ShippingMethodBody,
  ShippingMethodListResponse,
  ShippingMethodResponse,
  TaxRateBody,
  TaxRateListResponse,
  TaxRateResponse,
  TaxSettingsResponse,
} from '@emporium/contract';
import { apiRequest } from '@/lib/api';

/** The body's input form: fields with defaults may be left out. */
type Input<T> = { [K in keyof T]?: T[K] };

const SHIPPING = '/api/admin/shipping-methods';
const TAX = '/api/admin/tax-rates';
const CODES = '/api/admin/discount-codes';

/** The admin pricing calls: list, add, edit and delete each kind, and the tax setting. */
export const pricingApi = {
  shippingMethods: () => apiRequest<ShippingMethodListResponse>(SHIPPING),
  addShippingMethod: (body: Input<ShippingMethodBody>) =>
    apiRequest<ShippingMethodResponse>(SHIPPING, { method: 'POST', body }),
  editShippingMethod: (id: string, body: Input<ShippingMethodBody>) =>
    apiRequest<ShippingMethodResponse>(`${SHIPPING}/${id}`, { method: 'PUT', body }),
  deleteShippingMethod: (id: string) =>
    apiRequest<ShippingMethodResponse>(`${SHIPPING}/${id}`, { method: 'DELETE' }),

  taxRates: () => apiRequest<TaxRateListResponse>(TAX),
  addTaxRate: (body: Input<TaxRateBody>) => apiRequest<TaxRateResponse>(TAX, { method: 'POST', body }),
  editTaxRate: (id: string, body: Input<TaxRateBody>) =>
    apiRequest<TaxRateResponse>(`${TAX}/${id}`, { method: 'PUT', body }),
  deleteTaxRate: (id: string) => apiRequest<TaxRateResponse>(`${TAX}/${id}`, { method: 'DELETE' }),
  setPricesIncludeTax: (pricesIncludeTax: boolean) =>
    apiRequest<TaxSettingsResponse>('/api/admin/tax-settings', { method: 'PUT', body: { pricesIncludeTax } }),

  discountCodes: () => apiRequest<DiscountCodeListResponse>(CODES),
  addDiscountCode: (body: Input<DiscountCodeBody>) =>
    apiRequest<DiscountCodeResponse>(CODES, { method: 'POST', body }),
  editDiscountCode: (id: string, body: Input<DiscountCodeBody>) =>
    apiRequest<DiscountCodeResponse>(`${CODES}/${id}`, { method: 'PUT', body }),
  deleteDiscountCode: (id: string) =>
    apiRequest<DiscountCodeResponse>(`${CODES}/${id}`, { method: 'DELETE' }),
};
