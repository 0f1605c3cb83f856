import { describe, expect, it } from 'vitest'
import { passkeyErrorMessage } from './passkeys'

describe('passkeyErrorMessage', () => {
  it.each([
    [{ name: 'NotAllowedError', message: 'The operation either timed out or was not allowed.' }, /closed or timed out/],
    [{ name: 'Unknown Error', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause: { name: 'NotAllowedError' }, message: 'x' }, /closed or timed out/],
    [{ code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', message: 'The authenticator was previously registered' }, /already holds a passkey/],
    [{ code: 'ERROR_INVALID_RP_ID', message: 'The RP ID "a" is invalid for this domain' }, /SITE_URL/],
    [{ code: 'too_many_passkeys', message: 'Maximum number of passkeys reached' }, /Remove one/],
    [{ code: 'webauthn_credential_not_found', message: 'x' }, /not registered/],
    [{ message: 'Browser does not support WebAuthn' }, /^Your browser does not support passkeys$/],
    [{ code: 'validation_failed', message: 'Passkey not found' }, /^Passkey not found$/],
    [{ message: '' }, /try again/],
    [null, /try again/],
  ])('%o → %s', (error, expected) => expect(passkeyErrorMessage(error)).toMatch(expected))
})
