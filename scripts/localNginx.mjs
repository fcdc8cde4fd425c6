// deploy/nginx.conf on this machine: the same file with only its upstream addresses, its listen
// address and its access log path rewritten, inside a main configuration of its own (no system
// service, no file outside a folder of its own). Used by `npm run cluster:local` and its tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's nginx. */
export const nginxPath = '/usr/sbin/nginx';

/** deploy/nginx.conf of this checkout. */
export const deployNginxConf = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'nginx.conf');

/** Replaces exactly one match of `pattern` in `text`, or throws naming `what` (the file changed shape). */
function replaceOnce(text, pattern, replacement, what) {
  const found = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? [];
  if (found.length !== 1) throw new Error(`deploy/nginx.conf: expected one ${what}, found ${found.length}`);
  return text.replace(pattern, replacement);
}

/**
 * deploy/nginx.conf (`source`) with its upstream `server` lines replaced by one per address of
 * `upstreams` (each `host:port`, keeping the parameters of the first line), `listen` set to
 * `127.0.0.1:<port>` and the access log written to `accessLog`. Nothing else changes.
 */
export function rewriteDeployConfig(source, { upstreams, port, accessLog }) {
  if (upstreams.length === 0) throw new Error('At least one upstream address is needed.');
  const serverLine = /^([ \t]*)server[ \t]+[^\s;]+:\d+([^;]*);[ \t]*$/;
  const lines = source.split('\n');
  const first = lines.findIndex((line) => serverLine.test(line));
  if (first < 0) throw new Error('deploy/nginx.conf: expected upstream server lines, found none');
  const [, indent, parameters] = lines[first].match(serverLine);
  let text = lines
    .flatMap((line, i) => (i === first ? upstreams.map((address) => `${indent}server ${address}${parameters};`) : serverLine.test(line) ? [] : [line]))
    .join('\n');
  text = replaceOnce(text, /^([ \t]*)listen[ \t]+[^;]+;/m, `$1listen 127.0.0.1:${port};`, 'listen line');
  return replaceOnce(text, /^([ \t]*)access_log[ \t]+\S+[ \t]+boards;/m, `$1access_log ${accessLog} boards;`, 'access_log line');
}

/**
 * Writes into `dir` a main configuration (foreground, one process, pid, error log and temp files
 * in `dir`) that includes the rewritten deploy/nginx.conf; returns the paths nginx will use.
 */
export function writeLocalNginxConfig(dir, { upstreams, port, source = readFileSync(deployNginxConf, 'utf8') }) {
  const temp = path.join(dir, 'temp');
  mkdirSync(temp, { recursive: true });
  const accessLog = path.join(dir, 'access.log');
  const errorLog = path.join(dir, 'error.log');
  const boardsConf = path.join(dir, 'boards.conf');
  const mainConf = path.join(dir, 'nginx.conf');
  writeFileSync(boardsConf, rewriteDeployConfig(source, { upstreams, port, accessLog }));
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${path.join(temp, name)};`).join('\n');
  writeFileSync(
    mainConf,
    `daemon off;\nmaster_process off;\npid ${path.join(dir, 'nginx.pid')};\nerror_log ${errorLog} warn;\nevents { worker_connections 1024; }\nhttp {\n${temps}\n  include ${boardsConf};\n}\n`,
  );
  return { mainConf, boardsConf, accessLog, errorLog };
}

/**
 * Starts nginx in the foreground with the configuration written by `writeLocalNginxConfig`
 * (`nginx -e <error log> -c <main> -p <dir>`) with the environment `env`, in a process group of its own (a Ctrl+C in the
 * terminal reaches only the caller, which stops it); the caller waits until it answers and kills it.
 */
export function spawnLocalNginx(dir, files, env = process.env) {
  if (!existsSync(nginxPath)) throw new Error(`nginx is not installed (apt-get install nginx: ${nginxPath} is needed)`);
  return spawn(nginxPath, ['-e', files.errorLog, '-c', files.mainConf, '-p', dir], { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
}
