// The commit being run, read from the checkout's git data without running git (config's COMMIT_SHA
// default; the status endpoint and logs show it).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './paths.ts';

/** Where a checkout keeps its git data: `.git` itself, or the folder a `.git` file names (worktrees, submodules). */
function gitDirOf(root: string): string {
  const dotGit = path.join(root, '.git');
  if (statSync(dotGit).isDirectory()) return dotGit;
  const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'));
  if (!pointer) throw new Error(`${dotGit}: not a gitdir pointer`);
  return path.resolve(root, pointer[1]!.trim());
}

/** The sha a ref names: its loose file, else its line in packed-refs. */
function resolveRef(gitDir: string, commonDir: string, ref: string): string | null {
  for (const dir of gitDir === commonDir ? [gitDir] : [gitDir, commonDir]) {
    const loose = path.join(dir, ref);
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
  }
  const packed = path.join(commonDir, 'packed-refs');
  if (!existsSync(packed)) return null;
  for (const line of readFileSync(packed, 'utf8').split('\n')) {
    if (!line || line.startsWith('#') || line.startsWith('^')) continue;
    const [sha, name] = line.trim().split(/\s+/);
    if (name === ref) return sha ?? null;
  }
  return null;
}

/**
 * The commit being run (first 12 hex digits): the checkout's HEAD, else "unknown". Follows a
 * `.git` file (`gitdir: …`, as in worktrees) and refs kept only in packed-refs.
 */
export function detectCommit(root: string = projectRoot): string {
  try {
    const gitDir = gitDirOf(root);
    const commonFile = path.join(gitDir, 'commondir');
    const commonDir = existsSync(commonFile) ? path.resolve(gitDir, readFileSync(commonFile, 'utf8').trim()) : gitDir;
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const sha = head.startsWith('ref:') ? resolveRef(gitDir, commonDir, head.slice(4).trim()) : head;
    return sha && /^[0-9a-f]{40}$/.test(sha) ? sha.slice(0, 12) : 'unknown';
  } catch {
    return 'unknown';
  }
}
