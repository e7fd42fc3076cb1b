import { measureServe } from './child.ts';
const S = `require('http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json'});s.end('{"ok":true}')}).listen(0,'127.0.0.1',function(){console.log('  API status   http://127.0.0.1:'+this.address().port+'/api/v1/status')})`;
for (let i = 0; i < 6; i++) {
  const r = await measureServe({ cwd: '/work/main', path: '/api/v1/status', pollMs: 20, stopTimeoutMs: 5000, startTimeoutMs: 5000, args: ['-e', S], env: process.env });
  console.log(Math.round(r.startMs));
}
