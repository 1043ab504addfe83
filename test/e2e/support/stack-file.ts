/** Names the JSON file in which global-setup.ts leaves the running stack's config for the test files. */
export const STACK_FILE_ENV = 'LEARNING_PATHS_E2E_STACK_FILE';
