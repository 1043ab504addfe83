// The dashboard feature's public surface for other features (they import nothing else of it).
export { StatCard } from './components/stat-card';
