// The modules feature's public surface for other features (they import nothing else of it).
export { SectionContentLink } from './components/section-content-link';
