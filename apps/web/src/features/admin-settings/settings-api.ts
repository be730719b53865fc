/**
 * Admin calls for the shop's settings (issue 40, item 14): `GET`/`PUT /api/admin/shop-settings`. Each throws an
 * ApiError with the server's message on a refusal (400 a blank or too long field, an unknown country).
 */
import type { ReturnSettings, ShopSettingsResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

const PATH = '/api/admin/shop-settings';

export const settingsApi = {
  /** The settings; `data.returns` is null until an admin sets them. */
  get: () => apiRequest<ShopSettingsResponse>(PATH),
  /** Replaces the return address and instructions; answers "Settings saved" and the settings. */
  saveReturns: (returns: ReturnSettings) =>
    apiRequest<ShopSettingsResponse>(PATH, { method: 'PUT', body: { returns } }),
};
