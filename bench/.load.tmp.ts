import { httpClient, runLoad } from './lib/load';
const [path, token, secs] = process.argv.slice(2);
const http = httpClient('http://127.0.0.1:8741', 10);
const r = await runLoad(() => http.expectOk({ method: 'GET', path: path!, headers: { authorization: `Token ${token}` } }).then(() => undefined), { concurrency: 10, durationMs: Number(secs) * 1000 });
console.log(r);
http.close();
