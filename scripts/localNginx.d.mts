import type { ChildProcess } from 'node:child_process';

/** Debian's nginx. */
export declare const nginxPath: string;
/** deploy/nginx.conf of this checkout. */
export declare const deployNginxConf: string;
/** Where the configuration written by `writeLocalNginxConfig` puts nginx's files. */
export interface LocalNginxFiles {
  mainConf: string;
  boardsConf: string;
  accessLog: string;
  errorLog: string;
}
/** deploy/nginx.conf with its upstream addresses, listen address and access log path rewritten. */
export declare function rewriteDeployConfig(source: string, options: { upstreams: readonly string[]; port: number; accessLog: string }): string;
/** Writes a main configuration into `dir` that includes the rewritten deploy/nginx.conf. */
export declare function writeLocalNginxConfig(dir: string, options: { upstreams: readonly string[]; port: number; source?: string }): LocalNginxFiles;
/** Starts nginx in the foreground with that configuration. */
export declare function spawnLocalNginx(dir: string, files: LocalNginxFiles, env?: NodeJS.ProcessEnv): ChildProcess;
