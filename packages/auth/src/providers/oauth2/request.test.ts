import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { classifyProviderError, errorForStatus } from './request.js';

describe('the three-way split of provider failures', () => {
  it('a refusal by the provider is ERR_OAUTH_DENIED', () => {
    const err = new oauth.AuthorizationResponseError('denied', {
      cause: new URLSearchParams({ error: 'access_denied' }),
    });
    expect(classifyProviderError(err).code).toBe('ERR_OAUTH_DENIED');
    expect(errorForStatus(403, 'x').code).toBe('ERR_OAUTH_DENIED');
  });

  it('a network failure is ERR_PROVIDER_UNAVAILABLE', () => {
    expect(classifyProviderError(new TypeError('fetch failed')).code).toBe('ERR_PROVIDER_UNAVAILABLE');
    const timeout = new DOMException('timed out', 'TimeoutError');
    expect(classifyProviderError(timeout).code).toBe('ERR_PROVIDER_UNAVAILABLE');
    expect(errorForStatus(503, 'x').code).toBe('ERR_PROVIDER_UNAVAILABLE');
  });

  it('an answer that makes no sense is ERR_PROVIDER_BAD_RESPONSE', () => {
    const err = new oauth.OperationProcessingError('bad', { code: oauth.INVALID_RESPONSE });
    expect(classifyProviderError(err).code).toBe('ERR_PROVIDER_BAD_RESPONSE');
    expect(errorForStatus(404, 'x').code).toBe('ERR_PROVIDER_BAD_RESPONSE');
  });

  it('a failed id_token claim check is ERR_ID_TOKEN_INVALID', () => {
    const err = new oauth.OperationProcessingError('iss', { code: oauth.JWT_CLAIM_COMPARISON });
    expect(classifyProviderError(err).code).toBe('ERR_ID_TOKEN_INVALID');
  });
});
