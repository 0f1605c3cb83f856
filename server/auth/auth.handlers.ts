import type { authRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import * as gotrue from './gotrue'
import * as otp from './otp'
import * as mfa from './mfa'
import * as admin from './admin'
import * as identities from './identities'
import * as oauth from './oauth'

export const authHandlers: Handlers<typeof authRoutes> = {
  authSignup: gotrue.signup,
  authToken: gotrue.token,
  authGetUser: gotrue.getUser,
  authUpdateUser: gotrue.updateUser,
  authLogout: gotrue.logout,
  authSettings: gotrue.settings,
  authHealth: gotrue.health,
  authJwks: gotrue.jwks,

  authOtp: otp.otp,
  authVerify: otp.verifyPost,
  authVerifyLink: otp.verifyGet,
  authRecover: otp.recover,
  authResend: otp.resend,
  authReauthenticate: gotrue.reauthenticate,

  authEnrollFactor: mfa.enroll,
  authChallengeFactor: mfa.challenge,
  authVerifyFactor: mfa.verify,
  authUnenrollFactor: mfa.unenroll,

  authUnlinkIdentity: identities.unlinkIdentity,
  authAuthorize: oauth.authorize,
  authLinkIdentity: oauth.linkIdentity,
  authCallback: oauth.callbackGet,
  authCallbackForm: oauth.callbackPost,
  authSso: identities.sso,

  adminListUsers: admin.listUsers,
  adminCreateUser: admin.createUser,
  adminGetUser: admin.getUser,
  adminUpdateUser: admin.updateUser,
  adminDeleteUser: admin.deleteUser,
  adminGenerateLink: admin.generateLink,
  adminInvite: admin.invite,
  adminListFactors: admin.listFactors,
  adminDeleteFactor: admin.deleteFactor,
  adminOauthClients: identities.oauthServerDisabled,
  adminCreateOauthClient: identities.oauthServerDisabled,
  adminOauthClient: identities.oauthServerDisabled,
  adminUpdateOauthClient: identities.oauthServerDisabled,
  adminDeleteOauthClient: identities.oauthServerDisabled,
  adminRegenerateOauthClientSecret: identities.oauthServerDisabled,
  oauthRegisterClient: identities.oauthServerDisabled,
  adminCustomProviders: identities.customProvidersDisabled,
  adminCreateCustomProvider: identities.customProvidersDisabled,
  adminCustomProvider: identities.customProvidersDisabled,
  adminUpdateCustomProvider: identities.customProvidersDisabled,
  adminDeleteCustomProvider: identities.customProvidersDisabled,

  rotateSigningKey: gotrue.rotateSigningKey,
}
