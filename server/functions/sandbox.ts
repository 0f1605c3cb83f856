/**
 * The operating system's boundary around a function's Deno process. Deno's permission flags do
 * not hold on their own (a local `import()` reads any file whatever `--deny-read` says), so each
 * worker runs in mount and PID namespaces of its own whose root is a fresh, read-only tmpfs
 * holding only: the Deno binary, the system's shared libraries (Deno links against glibc), the
 * function's code (read-only), its project's module cache, its socket folder, a small /tmp,
 * /dev/null and the random devices, a /proc of its own namespace, /etc/hosts and
 * /etc/resolv.conf copied in, and the system's CA bundle (read-only). The host's root is unmounted after `pivot_root`, so nothing else
 * of the machine (DATA_DIR, the engine's password file, other projects' code, the app) has a
 * path at all.
 *
 * - App run as root (`root`): the namespaces are made as root, then the process drops to the
 *   project's own unprivileged uid (FUNCTIONS_UID_BASE + the project's id), with no
 *   capabilities and no_new_privs.
 * - Otherwise (`user`): an unprivileged user namespace (`unshare --user --map-root-user`) makes
 *   the same mounts; the process runs as the app's own user outside, with no capabilities.
 * - `off` (FUNCTIONS_SANDBOX=off, or no namespaces on this system): no OS boundary. Functions are
 *   refused unless the operator asked for that explicitly (docs/edge-functions.md).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

export type SandboxMode = 'root' | 'user' | 'off'

export type SandboxPaths = {
  /** The folder holding the `deno` binary. */
  denoDir: string
  /** The function version's files, mounted read-only at /code. */
  codeDir: string
  /** An empty folder the namespace mounts its root on. */
  rootDir: string
  /** The worker's socket folder, at /run. */
  socketDir: string
  /** The project's module cache (DENO_DIR), at /cache. */
  cacheDir: string
  /** The system's CA bundle (public certificates: TLS through the machine's own authorities), at /etc/ssl/certs/ca-certificates.crt. */
  caFile: string | null
}

/** Where the worker's paths are inside the sandbox. */
export const INSIDE = { deno: '/deno/deno', code: '/code', socket: '/run/worker.sock', cache: '/cache', tmp: '/tmp', caFile: '/etc/ssl/certs/ca-certificates.crt' } as const

/**
 * Run by `sh` inside the new namespaces: $1 deno dir, $2 code, $3 root mount point, $4 socket
 * folder, $5 cache, $6 uid (or `-`), $7 the system's CA bundle (or `-`), $8 `1` when setpriv sets
 * parent-death signals, then Deno's arguments. Its environment is the platform's own settings
 * (worker.ts): nothing of the function's reaches it.
 */
const SCRIPT = `set -eu
PATH=/usr/sbin:/usr/bin:/sbin:/bin
deno_dir=$1; code=$2; root=$3; sock=$4; cache=$5; uid=$6; ca=$7; death=$8; shift 8
pd() { if [ "$death" = "1" ]; then echo "--pdeathsig KILL"; fi; }
mount --make-rprivate /
mount -t tmpfs -o size=4m,mode=0755 supaboard-fn "$root"
cd "$root"
mkdir -p deno code run cache tmp etc dev proc lib lib64 usr/lib usr/bin old
bindro() { mount --bind "$1" "$2"; mount -o remount,bind,ro,nosuid,nodev "$2"; }
bindro "$deno_dir" deno
bindro "$code" code
mount --bind "$sock" run
mount --bind "$cache" cache
bindro /lib lib
[ -d /lib64 ] && bindro /lib64 lib64
bindro /usr/lib usr/lib
touch usr/bin/setpriv
bindro /usr/bin/setpriv usr/bin/setpriv
for d in null zero random urandom; do touch dev/$d; mount --bind /dev/$d dev/$d; done
for f in hosts resolv.conf; do if [ -e /etc/$f ]; then cat /etc/$f > etc/$f; fi; done
if [ "$ca" != "-" ] && [ -f "$ca" ]; then mkdir -p etc/ssl/certs; touch etc/ssl/certs/ca-certificates.crt; bindro "$ca" etc/ssl/certs/ca-certificates.crt; fi
mount -t tmpfs -o size=64m,mode=1777,nosuid,nodev supaboard-tmp tmp
mount -t proc -o nosuid,nodev,noexec proc proc
mount -o remount,ro "$root"
pivot_root . old
cd /
/old/usr/bin/umount -l /old
unset OLDPWD
if [ "$uid" = "-" ]; then
  exec /usr/bin/setpriv $(pd) --no-new-privs --bounding-set=-all --inh-caps=-all -- /deno/deno "$@"
fi
exec /usr/bin/setpriv --reuid="$uid" --regid="$uid" --clear-groups $(pd) --no-new-privs --bounding-set=-all --inh-caps=-all -- /deno/deno "$@"
`

const SETPRIV = '/usr/bin/setpriv'

/**
 * The command that starts Deno with `denoArgs`, inside the sandbox unless `mode` is off. A worker
 * never outlives the app that started it, even a killed one (`next start` exits on SIGTERM
 * without closing the platform): the kernel sends SIGKILL to `unshare` when the app's process
 * ends (setpriv's --pdeathsig), `unshare` kills its child when it dies, and Deno gets its own
 * parent-death signal after it changed uid (a change of credentials clears the one it had).
 */
export function workerCommand(mode: SandboxMode, paths: SandboxPaths, uid: number | null, denoBin: string, denoArgs: string[]): { command: string; args: string[] } {
  const command = mode === 'off' ? [denoBin, ...denoArgs] : ['unshare', ...namespacesOf(mode), '--kill-child=SIGKILL', 'sh', '-c', SCRIPT, 'sandbox', paths.denoDir, paths.codeDir, paths.rootDir, paths.socketDir, paths.cacheDir, mode === 'root' && uid !== null ? String(uid) : '-', paths.caFile ?? '-', parentDeathSignal() ? '1' : '0', ...denoArgs]
  if (!parentDeathSignal()) return { command: command[0], args: command.slice(1) }
  return { command: SETPRIV, args: ['--pdeathsig', 'KILL', '--', ...command] }
}

let pdeathsig: boolean | undefined

/** Whether this system's setpriv sets a parent-death signal (util-linux 2.33 and later). Asked once. */
export function parentDeathSignal(): boolean {
  if (pdeathsig !== undefined) return pdeathsig
  if (process.platform !== 'linux' || !fs.existsSync(SETPRIV)) return (pdeathsig = false)
  return (pdeathsig = spawnSync(SETPRIV, ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore', timeout: 5000 }).status === 0)
}

const namespacesOf = (mode: Exclude<SandboxMode, 'off'>) => (mode === 'user' ? ['--user', '--map-root-user', '--mount', '--pid', '--fork'] : ['--mount', '--pid', '--fork'])

let detected: SandboxMode | undefined

/**
 * The boundary this system gives: `root` when the app is root, else `user` when unprivileged
 * user namespaces work here (some systems turn them off), else `off`. Asked once per process.
 */
export function detectSandbox(): SandboxMode {
  if (detected) return detected
  if (process.platform !== 'linux') return (detected = 'off')
  const root = process.getuid?.() === 0
  const probe = spawnSync('unshare', [...(root ? [] : ['--user', '--map-root-user']), '--mount', '--pid', '--fork', 'sh', '-c', 'mount -t tmpfs probe /mnt'], { stdio: 'ignore', timeout: 5000 })
  return (detected = probe.status === 0 ? (root ? 'root' : 'user') : 'off')
}
