// Run before each web test file (jest.config.ts), beside test/setup/web.ts: resets the app's own module state that a
// page load starts without, since every test is one page load.
import { forgetEarlyAnswers } from '../lib/early-answers';

afterEach(forgetEarlyAnswers);
