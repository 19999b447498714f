/** Bad input on the command line: printed as one line on stderr, exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
