/**
 * Every string of the app in English: the source language and the fallback. Keys are flat and grouped by
 * screen; `{{name}}` marks a value filled in at run time. Add a key here and its translation in es.ts.
 */
export const en = {
  'common.loading': 'Loading…',
  'common.backToSignIn': 'Back to sign in',
  'common.email': 'E-mail',
  'common.password': 'Password',
  'common.reload': 'Reload',
  'common.language': 'Language',
  'common.close': 'Close',
  'common.loadingPage': 'Loading the page',

  'brand.tagline': 'Every shipment, quote and customer on one desk.',
  'brand.body': 'Freight Desk keeps your forwarding team in step: offices, warehouses and the road.',
  'brand.isolation': 'Your company’s data is yours alone: every company is kept apart by the database itself.',

  'login.title': 'Sign in',
  'login.subtitle': 'Welcome back. Sign in to your company’s desk.',
  'login.submit': 'Sign in',
  'login.google': 'Continue with Google',
  'login.forgot': 'Forgot password?',
  'login.passwordSet': 'Your password is set. Sign in with it.',
  'login.missingFields': 'Enter your e-mail address and your password.',
  'login.resetTitle': 'Reset your password',
  'login.resetSubtitle': 'We will mail you a link to choose a new password.',

  'forgot.intro': 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  'forgot.submit': 'Send reset link',
  'forgot.missingEmail': 'Enter your e-mail address.',
  'forgot.invalidEmail': 'Enter a valid e-mail address.',
  'forgot.sent':
    'If an account exists for this address, we have sent it a link to reset the password. Check your inbox.',

  'twoFactor.form': 'Two-factor code',
  'twoFactor.intro': 'We sent a 6-digit code to your e-mail address. Enter it to finish signing in.',
  'twoFactor.code': 'Verification code',
  'twoFactor.submit': 'Verify',
  'twoFactor.invalidCode': 'Enter the 6-digit code from the e-mail.',

  'signInError.invalidCredentials': 'The e-mail or password is incorrect.',
  'signInError.tooManyIn_one': 'Too many attempts. Try again in {{count}} second.',
  'signInError.tooManyIn_other': 'Too many attempts. Try again in {{count}} seconds.',
  'signInError.tooMany': 'Too many attempts. Try again later.',
  'signInError.validation': 'Check the e-mail address and the password, then try again.',
  'signInError.linkInvalid': 'This code or link is no longer valid.',
  'signInError.offline': 'The server cannot be reached. Check your connection and try again.',
  'signInError.generic': 'Something went wrong. Please try again.',

  'social.signingIn': 'Signing you in…',
  'social.failed': 'Signing in with your social account failed. Please try again.',

  'notFound.title': 'Page not found',
  'notFound.body': 'There is nothing at this address.',
  'notFound.home': 'Go to the dashboard',

  'routeError.title': 'Something went wrong',
  'routeError.body': 'This screen could not be shown. Reloading usually helps.',
  'routeError.bodyStatus': 'This screen could not be shown (status {{status}}).',

  'banner.unverifiedEmail': 'Please verify your email to activate your account.',
  'banner.subscriptionExpired': 'Your Subscription has been expired. Please Contact Support Team',
  'banner.resend': 'Resend the e-mail',
  'banner.resent': 'A new verification e-mail is on its way to {{email}}.',
  'banner.contactSupport': 'Contact support',
} as const;

export type MessageKey = keyof typeof en;

/** A plural string's key without its `_one`/`_other` suffix: `t(key, { count })` picks the form. */
export type PluralKey = { [K in MessageKey]: K extends `${infer Base}_one` ? Base : never }[MessageKey];
