// The drafter the domain tests draft with: the local drafter itself, which runs in the process with nothing to fake
// (the domain receives it through its port, as the composition root hands it in).
export { localDrafter } from '../adapters/local-drafter';
