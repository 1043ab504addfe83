// The people feature's public surface for other features (they import nothing else of it).
export { formatDate, ROLE_PLURAL } from './components/labels';
export { TemporaryPassword } from './components/temporary-password';
export { chunk } from './utils/invitation-list';
export { temporaryPasswordOf } from './utils/temporary-passwords';
