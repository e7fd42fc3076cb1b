// Loads Prisma's query compiler (WebAssembly) without keeping its 4.4 MB base64 text alive.
// The generated client imports it from a JavaScript module whose only export is that text; an
// imported module is never unloaded, so its source and the string literal (8.7 MB of strings on
// the JavaScript heap) stay resident for the life of the process. Reading the same file as text
// and decoding it leaves nothing behind once the module is compiled. Plugged in through the
// client's `__internal.configOverride` (typed, documented as internal); if the file cannot be
// read as expected, the generated loader is used as before. docs/operations.md, "Idle memory".
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';

type ClientConfig = {
  compilerWasm?: { getQueryCompilerWasmModule: () => Promise<unknown>; importName?: string } | undefined;
};

const require = createRequire(import.meta.url);
// This project's TypeScript libs have no WebAssembly types (no DOM lib); Node has the global.
const { WebAssembly: Wasm } = globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } };
// The build the generated client imports (prisma/schema.prisma: provider postgresql, the default "fast" compiler build).
const WASM_TEXT_MODULE = '@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs';

const BASE64 = /^[A-Za-z0-9+/=_-]+$/;

async function compileFromText(): Promise<object | null> {
  const text = await readFile(require.resolve(WASM_TEXT_MODULE), 'utf8').catch(() => null);
  // Sliced, not matched: a regular expression over 4.4 MB of one character class overflows the
  // stack of a deep caller (it did under jest).
  const prefix = 'const wasm = "';
  if (text === null || !text.startsWith(prefix)) return null;
  const end = text.indexOf('"', prefix.length);
  const encoded = end < 0 ? '' : text.slice(prefix.length, end);
  if (encoded.length === 0 || !BASE64.test(encoded.slice(0, 64)) || !BASE64.test(encoded.slice(-64))) return null;
  return new Wasm.Module(Buffer.from(encoded, 'base64'));
}

export function withLeanQueryCompiler<C extends ClientConfig>(config: C): C {
  const generated = config.compilerWasm;
  if (!generated) return config;
  return {
    ...config,
    compilerWasm: { ...generated, getQueryCompilerWasmModule: async () => (await compileFromText()) ?? generated.getQueryCompilerWasmModule() },
  };
}

/**
 * Keeps this process's WebAssembly on V8's baseline compiler (Liftoff): no optimizing (TurboFan)
 * tier-up of hot functions. For a process on a PostgreSQL server, whose only WebAssembly is
 * Prisma's query compiler (and the schema engine while migrating); never with PGlite, whose
 * postgres needs the optimizing tier. Prisma compiles a query shape once (its plan cache keeps
 * 1,000), so the compiler runs at start and for new shapes only, and there TurboFan bought little:
 * its background compilations of the compiler's hot functions left about 35 MB of freed memory in
 * V8's worker thread's malloc arena, which glibc does not give back to the system (the idle RSS of
 * a warm start on PostgreSQL, 150 MiB, above the 143 MiB target). Must run before the query
 * compiler is compiled (the first client's first query). docs/operations.md, "Idle memory, fourth pass".
 */
export function keepWebAssemblyOnBaselineTier(): void {
  setFlagsFromString('--liftoff-only');
}
