/** Calls of the two-factor settings (issue 25), under `/api/account/two-factor`. */
import type {
  RecoveryCodesResponse,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorSetupBody,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@emporium/contract';
import { apiRequest } from '@/lib/api';

const BASE = '/api/account/two-factor';

export function getTwoFactorStatus(): Promise<TwoFactorStatusResponse> {
  return apiRequest<TwoFactorStatusResponse>(BASE);
}

export function postTwoFactorSetup(body: TwoFactorSetupBody): Promise<TwoFactorSetupResponse> {
  return apiRequest<TwoFactorSetupResponse>(`${BASE}/setup`, { method: 'POST', body });
}

export function postTwoFactorEnable(body: TwoFactorCodeBody): Promise<RecoveryCodesResponse> {
  return apiRequest<RecoveryCodesResponse>(`${BASE}/enable`, { method: 'POST', body });
}

export function postTwoFactorDisable(
  body: TwoFactorDisableBody,
): Promise<{ success: boolean; message?: string }> {
  return apiRequest(`${BASE}/disable`, { method: 'POST', body });
}

export function postRecoveryCodes(body: TwoFactorCodeBody): Promise<RecoveryCodesResponse> {
  return apiRequest<RecoveryCodesResponse>(`${BASE}/recovery-codes`, { method: 'POST', body });
}

const listeners = new Set<() => void>();

/** Tells the admin area's gate that two-factor was turned on or off here, so it asks the server again. */
export function announceTwoFactorChange(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to {@link announceTwoFactorChange}; returns the unsubscribe function. */
export function onTwoFactorChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
