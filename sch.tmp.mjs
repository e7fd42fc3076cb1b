import { buildClientSchema, printType } from 'graphql';
import { readFileSync } from 'node:fs'; import { gunzipSync } from 'node:zlib';
const j = JSON.parse(gunzipSync(readFileSync('/work/shared/shopify-admin-schema/admin_schema_2025-01.json.gz')));
const s = buildClientSchema(j.data ?? j);
const want = process.argv.slice(2);
for (const t of want) { const [n,...fs]=t.split(':'); const ty=s.getType(n); if(!fs.length){console.log(printType(ty).slice(0,3000));continue;} const f=ty.getFields(); for(const x of fs) console.log(n+'.'+x, f[x]? (f[x].args.map(a=>a.name+':'+a.type).join(',')+' -> '+f[x].type): 'MISSING'); }
