/**
 * A reader that closes the pipe early (`tape-lab schedule --json | head -c 10`) makes the next
 * write fail with EPIPE, which Node raises as an 'error' event on the stream: unhandled, it ends
 * the process with exit status 1 and a stack trace. The reader has what it wanted, so the command
 * stops at once, quietly, with status 0, the way `yes | head` does.
 */
export function quietOnClosedPipe(stream: NodeJS.WritableStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}
