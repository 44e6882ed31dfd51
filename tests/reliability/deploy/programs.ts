// The real programs a deployment puts around the app, for the full reliability run: nginx
// with deploy/nginx.conf and a throwaway certificate, and PgBouncer in transaction pooling.
// Each is installed from Debian's packages when missing (as root; otherwise it says how).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { root } from "../../../scripts/lib/database.mjs";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The program's path, installed with apt-get from `debianPackage` when it is missing. */
export function ensureProgram(name: string, debianPackage: string) {
  const found = ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"]
    .map((folder) => path.join(folder, name))
    .find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  if (process.getuid?.() !== 0)
    throw new Error(
      `${name} is not installed: run \`sudo apt-get install -y ${debianPackage}\`, then run the tests again.`,
    );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
  const installed = spawnSync("apt-get", ["install", "-y", "-qq", debianPackage], { encoding: "utf8", env });
  if (installed.status !== 0) throw new Error(`apt-get install ${debianPackage} failed:\n${installed.stderr}`);
  return ensureProgram(name, debianPackage);
}

async function waitForPort(port: number, what: string, output: () => string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port}:\n${output()}`);
    await sleep(100);
  }
}

export type RunningProgram = { output: () => string; stop: () => Promise<void>; process: ChildProcess };

function run(command: string, args: string[], options: { cwd?: string } = {}) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], cwd: options.cwd });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    process: child,
    output: () => output,
    stop: async (signal: NodeJS.Signals = "SIGQUIT") => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
}

// ------------------------------------------------------------------ nginx

export type Nginx = RunningProgram & {
  httpsUrl: string;
  httpsPort: number;
  folder: string;
  accessLog: () => string;
  /** Rewrites the upstream (an instance marked down gets no new request) and reloads nginx gracefully. */
  setInstances: (instances: Upstream[]) => Promise<void>;
};

/** An app instance in nginx's upstream; `down` takes it out of rotation (a deploy step). */
export type Upstream = { port: number; down?: boolean };

/**
 * deploy/nginx.conf as checked in, with only its "SITE:" and "PATH:" lines changed: the
 * instances' ports, the listening ports, the certificate and the folders. Every such line
 * must be found, so a change to the file that the test does not follow fails loudly.
 */
export function siteConfig(
  config: string,
  site: { folder: string; appPorts: Upstream[]; httpPort: number; httpsPort: number },
) {
  const { folder } = site;
  const lines = config.split("\n");
  const output: string[] = [];
  let upstreamWritten = false;
  const used = new Set<string>();
  for (const line of lines) {
    const marker = /#\s*(SITE|PATH):/.exec(line);
    if (!marker) {
      output.push(line);
      continue;
    }
    const indent = /^\s*/.exec(line)![0];
    const directive = line.trim().split(/\s+/)[0]!;
    used.add(directive);
    switch (directive) {
      case "pid":
        output.push(`${indent}pid ${folder}/nginx.pid;`);
        break;
      case "error_log":
        output.push(`${indent}error_log ${folder}/error.log warn;`);
        break;
      case "access_log":
        output.push(`${indent}access_log ${folder}/access.log easymove;`);
        break;
      case "client_body_temp_path":
        output.push(`${indent}client_body_temp_path ${folder}/body;`);
        break;
      case "proxy_temp_path":
        output.push(`${indent}proxy_temp_path ${folder}/proxy;`);
        break;
      case "proxy_cache_path":
        output.push(line.replace(/proxy_cache_path \S+/, `proxy_cache_path ${folder}/cache`).replace(/#.*$/, ""));
        break;
      case "server":
        if (!upstreamWritten)
          for (const { port, down } of site.appPorts)
            output.push(`${indent}server 127.0.0.1:${port} max_fails=1 fail_timeout=5s${down ? " down" : ""};`);
        upstreamWritten = true;
        break;
      case "listen":
        output.push(
          line.includes("ssl")
            ? `${indent}listen 127.0.0.1:${site.httpsPort} ssl http2;`
            : `${indent}listen 127.0.0.1:${site.httpPort};`,
        );
        break;
      case "server_name":
        output.push(`${indent}server_name localhost;`);
        break;
      case "ssl_certificate":
        output.push(`${indent}ssl_certificate ${folder}/cert.pem;`);
        break;
      case "ssl_certificate_key":
        output.push(`${indent}ssl_certificate_key ${folder}/key.pem;`);
        break;
      default:
        throw new Error(`deploy/nginx.conf: the test does not know how to set ${directive} (${line.trim()})`);
    }
  }
  const expected = [
    "pid",
    "error_log",
    "access_log",
    "client_body_temp_path",
    "proxy_temp_path",
    "proxy_cache_path",
    "server",
    "listen",
    "server_name",
    "ssl_certificate",
    "ssl_certificate_key",
  ];
  const missing = expected.filter((name) => !used.has(name));
  if (missing.length > 0) throw new Error(`deploy/nginx.conf no longer has these marked lines: ${missing.join(", ")}`);
  return output.join("\n");
}

/** nginx with deploy/nginx.conf in front of the app instances on `appPorts`. */
export async function startNginx(
  folder: string,
  appPorts: number[],
  httpPort: number,
  httpsPort: number,
): Promise<Nginx> {
  const nginx = ensureProgram("nginx", "nginx");
  fs.mkdirSync(folder, { recursive: true });
  // Workers run as an unprivileged user (root's nginx): they must write the temporary folders.
  fs.chmodSync(folder, 0o755);
  for (const sub of ["body", "proxy", "cache"]) {
    fs.mkdirSync(path.join(folder, sub), { recursive: true });
    fs.chmodSync(path.join(folder, sub), 0o777);
  }
  const certificate = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      path.join(folder, "key.pem"),
      "-out",
      path.join(folder, "cert.pem"),
    ],
    { encoding: "utf8" },
  );
  if (certificate.status !== 0) throw new Error(`openssl could not make a certificate:\n${certificate.stderr}`);
  const configFile = path.join(folder, "nginx.conf");
  const writeConfig = (instances: Upstream[]) =>
    fs.writeFileSync(
      configFile,
      siteConfig(fs.readFileSync(path.join(root, "deploy/nginx.conf"), "utf8"), {
        folder,
        appPorts: instances,
        httpPort,
        httpsPort,
      }),
    );
  writeConfig(appPorts.map((port) => ({ port })));
  const tested = spawnSync(nginx, ["-t", "-q", "-c", configFile, "-p", folder, "-e", path.join(folder, "error.log")], {
    encoding: "utf8",
  });
  if (tested.status !== 0) throw new Error(`nginx -t refused the configuration:\n${tested.stderr}`);
  const program = run(nginx, [
    "-c",
    configFile,
    "-p",
    folder,
    "-e",
    path.join(folder, "error.log"),
    "-g",
    "daemon off;",
  ]);
  const output = () =>
    `${program.output()}${fs.existsSync(path.join(folder, "error.log")) ? fs.readFileSync(path.join(folder, "error.log"), "utf8") : ""}`;
  await waitForPort(httpsPort, "nginx", output);
  return {
    ...program,
    output,
    httpsPort,
    httpsUrl: `https://localhost:${httpsPort}`,
    folder,
    setInstances: async (instances) => {
      writeConfig(instances);
      const pid = Number(fs.readFileSync(path.join(folder, "nginx.pid"), "utf8"));
      process.kill(pid, "SIGHUP"); // a graceful reload: requests in flight finish on the old workers
      await sleep(500);
    },
    accessLog: () =>
      fs.existsSync(path.join(folder, "access.log")) ? fs.readFileSync(path.join(folder, "access.log"), "utf8") : "",
  };
}

// ------------------------------------------------------------------ PgBouncer

export type PgBouncer = RunningProgram & { url: string };

/**
 * PgBouncer in transaction pooling (as managed databases offer it) in front of the database
 * at `directUrl`, on `port`: the app's DATABASE_URL, while DIRECT_DATABASE_URL stays direct.
 */
export async function startPgBouncer(
  folder: string,
  directUrl: string,
  port: number,
  poolSize = 10,
): Promise<PgBouncer> {
  const pgbouncer = ensureProgram("pgbouncer", "pgbouncer");
  const direct = new URL(directUrl);
  const database = direct.pathname.slice(1);
  fs.mkdirSync(folder, { recursive: true });
  fs.chmodSync(folder, 0o755);
  const configFile = path.join(folder, "pgbouncer.ini");
  fs.writeFileSync(
    configFile,
    [
      "[databases]",
      `${database} = host=${direct.hostname} port=${direct.port} dbname=${database} user=${decodeURIComponent(direct.username)}${direct.password ? ` password=${decodeURIComponent(direct.password)}` : ""}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = any",
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 1000",
      "ignore_startup_parameters = extra_float_digits,options",
      "server_connect_timeout = 3",
      "server_login_retry = 1",
      // A query waiting for a server while the database is away fails after 5 s (the app then
      // answers 503) rather than PgBouncer's default 120 s: docs/DEPLOY.md.
      "query_wait_timeout = 5",
      "",
    ].join("\n"),
  );
  fs.chmodSync(configFile, 0o644);
  // PgBouncer will not run as root: root starts it as the user that runs PostgreSQL.
  const args = process.getuid?.() === 0 ? ["-u", "postgres", configFile] : [configFile];
  const program = run(pgbouncer, args);
  await waitForPort(port, "PgBouncer", program.output);
  const pooled = new URL(directUrl);
  pooled.hostname = "127.0.0.1";
  pooled.port = String(port);
  return { ...program, stop: () => program.stop("SIGINT"), url: pooled.toString() };
}

/**
 * With RELIABILITY_POOLER=pgbouncer (the deploy/ copies of the load and outage tests), a
 * PgBouncer in front of `database` and the app's settings to use it; else nothing.
 */
export async function poolerFor(database: {
  url: string;
  folder: string;
  port: number;
}): Promise<{ env: Record<string, string>; stop: () => Promise<void>; describe: string }> {
  if (process.env.RELIABILITY_POOLER !== "pgbouncer") return { env: {}, stop: async () => {}, describe: "direct" };
  const bouncer = await startPgBouncer(path.join(database.folder, "pgbouncer"), database.url, database.port + 1000);
  return {
    env: { DATABASE_URL: bouncer.url, DIRECT_DATABASE_URL: database.url },
    stop: bouncer.stop,
    describe: `through PgBouncer (transaction pooling) on :${database.port + 1000}, live events direct`,
  };
}
