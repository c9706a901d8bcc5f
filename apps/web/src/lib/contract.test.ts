import * as shared from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { loadContract } from './contract.ts';

describe('the contract loaded on first use', () => {
  it('is the shared contract itself: the same endpoints and schemas, no copy', async () => {
    const contract = await loadContract();
    expect(contract.userApi).toBe(shared.userApi);
    expect(contract.userApi.refreshToken.path).toBe(shared.userApi.refreshToken.path);
    expect(Object.keys(contract).sort()).toEqual(Object.keys(shared).sort());
  });
});
