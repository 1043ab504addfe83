// What other features use of sign-in: the profile's two-factor authentication section.
export { TwoFactorSettings } from './components/two-factor-settings';
