/** `npm start`: serves the built app from one Node process and prints the address. */
import { createServer } from 'node:http';
import { staticHandler } from './static.ts';

const port = Number(process.env.PORT ?? 5180);
const host = process.argv.includes('--lan') ? '0.0.0.0' : (process.env.HOST ?? '127.0.0.1');
const server = createServer(staticHandler('dist'));
server.listen(port, host, () => {
  console.log(`Twinboard is running at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`);
});
