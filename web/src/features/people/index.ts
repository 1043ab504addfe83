// The people feature's public surface for other features (they import nothing else of it).
export { TemporaryPassword } from './components/temporary-password';
export { temporaryPasswordOf } from './utils/temporary-passwords';
