// What other features use of sign-in: the profile's two-factor authentication section, and how an identity call's
// failure reads.
export { TwoFactorSettings } from './components/two-factor-settings';
export { errorMessage } from './login-messages';
