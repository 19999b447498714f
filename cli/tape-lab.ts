import { main } from './main.ts';
import { quietOnClosedPipe } from './pipe.ts';

quietOnClosedPipe(process.stdout);
quietOnClosedPipe(process.stderr);
process.exitCode = main(process.argv.slice(2));
