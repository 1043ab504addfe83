// In place of silencing console.error for a whole suite: a test declares the errors it expects to be logged; they are
// kept out of the output, each must appear, and anything else logged fails the test.
export function captureConsoleErrors() {
  let expected: RegExp[] = [];
  let logged: string[] = [];
  beforeEach(() => {
    expected = [];
    logged = [];
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
  });
  afterEach(() => {
    jest.mocked(console.error).mockRestore();
    const unexpected = logged.filter((line) => !expected.some((pattern) => pattern.test(line)));
    const missing = expected.filter((pattern) => !logged.some((line) => pattern.test(line)));
    if (unexpected.length || missing.length) {
      throw new Error(
        [
          ...unexpected.map((line) => `Unexpected console.error: ${line.split('\n')[0]}`),
          ...missing.map((pattern) => `Expected a console.error matching ${pattern}`),
        ].join('\n'),
      );
    }
  });
  return {
    /** This test logs an error matching the pattern (checked after the test). */
    expect(pattern: RegExp) {
      expected.push(pattern);
    },
  };
}
