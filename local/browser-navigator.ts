// Imported by identity-srp.test.ts before Amplify. Amplify's SRP arithmetic (its copy of jsbn) picks its multiply
// routine when it loads, from `navigator.appName` if a `navigator` exists: every browser answers 'Netscape' and gets
// the 28-bit routine, as Node 20 (no `navigator`) does. Node 22's `navigator` has no `appName`, which selects the
// 26-bit routine, and under Jest one SRP step then took about two minutes instead of one second (the sign-ins timed
// out). Answering as browsers do keeps the test on the arithmetic the web app runs.
const nodeNavigator = (globalThis as { navigator?: { appName?: string } }).navigator;
if (nodeNavigator && nodeNavigator.appName === undefined) Object.defineProperty(nodeNavigator, 'appName', { value: 'Netscape', configurable: true });
