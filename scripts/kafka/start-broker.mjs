#!/usr/bin/env node
/**
 * Starts a real single-node Apache Kafka broker (KRaft, broker + controller in one JVM) for the
 * Kafka relay contract test. The jars come from Maven Central (pom.xml beside this file) into a
 * cache outside the repository; the first run fetches them (about a minute), later runs reuse them.
 *
 * Usage: node scripts/kafka/start-broker.mjs [--state-dir DIR] [--resume]
 *   --resume: restart a broker stopped with `stop-broker.mjs --keep-state` (same ports, same data).
 *   stdout: exactly one line, the bootstrap address (e.g. 127.0.0.1:41234), once the broker answers.
 *   stderr: progress. Exit code 0 when ready, 1 on failure (the JVM is then stopped).
 * Stop it with: node scripts/kafka/stop-broker.mjs [--state-dir DIR]
 *
 * Environment: SHOP_KAFKA_CACHE (jar cache, default ~/.cache/shop-kafka), SHOP_KAFKA_STATE
 * (state dir with pid file, logs and data, default $TMPDIR/shop-kafka-broker), JAVA (default java),
 * SHOP_KAFKA_START_TIMEOUT_MS (default 90000).
 */
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line) => process.stderr.write(`[kafka-broker] ${line}\n`);

function argValue(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export const stateDir =
  argValue('--state-dir') ?? process.env.SHOP_KAFKA_STATE ?? path.join(os.tmpdir(), 'shop-kafka-broker');
const cacheDir = process.env.SHOP_KAFKA_CACHE ?? path.join(os.homedir(), '.cache', 'shop-kafka');
const java = process.env.JAVA ?? 'java';
const timeoutMs = Number(process.env.SHOP_KAFKA_START_TIMEOUT_MS ?? 90000);

/** The pom's content names the cache sub-directory, so a version bump fetches afresh. */
function libDir() {
  const pom = readFileSync(path.join(here, 'pom.xml'), 'utf8');
  const version = /<kafka.version>([^<]+)</.exec(pom)?.[1] ?? 'unknown';
  return path.join(cacheDir, `kafka-${version}`, 'lib');
}

function fetchJars(dir) {
  const marker = path.join(dir, '.complete');
  if (existsSync(marker)) return;
  log(`fetching the broker jars from Maven Central into ${dir} (first run only)`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const mvn = spawnSync(
    'mvn',
    [
      '-q',
      '-B',
      '-Dstyle.color=never',
      '-f',
      path.join(here, 'pom.xml'),
      'dependency:copy-dependencies',
      `-DoutputDirectory=${dir}`,
      '-DincludeScope=runtime',
    ],
    { stdio: ['ignore', 2, 2] },
  );
  if (mvn.status !== 0) throw new Error(`mvn dependency:copy-dependencies failed (exit ${mvn.status ?? mvn.signal})`);
  if (!readdirSync(dir).some((f) => /^kafka_2\.13-.*\.jar$/.test(f)))
    throw new Error('kafka_2.13 jar missing after fetch');
  writeFileSync(marker, new Date().toISOString());
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Kafka cluster ids are 16 random bytes in url-safe base64 without padding. One starting with '-'
 * would be read as an option by the storage tool's argument parser, so such ids are drawn again.
 */
function clusterId() {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** Ready when a metadata request succeeds: the controller has elected itself and the broker is serving. */
async function waitReady(bootstrap, child, deadline) {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({
    clientId: 'start-broker',
    brokers: [bootstrap],
    logLevel: logLevel.NOTHING,
    retry: { retries: 0 },
  }).admin();
  while (Date.now() < deadline) {
    if (child.exitCode !== null || !pidAlive(child.pid)) throw new Error('the broker JVM exited during start-up');
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      await admin.disconnect();
      if (cluster.brokers.length > 0 && cluster.controller !== null) return;
    } catch {
      await admin.disconnect().catch(() => {});
    }
    await delay(250);
  }
  throw new Error(`the broker did not answer within ${timeoutMs} ms`);
}

async function main() {
  const started = Date.now();
  const pidFile = path.join(stateDir, 'broker.pid');
  if (existsSync(pidFile)) {
    const old = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (old && pidAlive(old)) throw new Error(`a broker already runs from ${stateDir} (pid ${old}); stop it first`);
  }
  const lib = libDir();
  fetchJars(lib);
  const classpath = path.join(lib, '*');
  const propsFile = path.join(stateDir, 'server.properties');
  const log4jFile = path.join(stateDir, 'log4j.properties');
  // --resume restarts a stopped broker on its old ports and data (tests use it for an outage).
  const resume = process.argv.includes('--resume') && existsSync(propsFile);
  let bootstrap;
  if (resume) {
    bootstrap = /^advertised\.listeners=PLAINTEXT:\/\/(.+)$/m.exec(readFileSync(propsFile, 'utf8'))?.[1];
    if (!bootstrap) throw new Error(`no advertised listener in ${propsFile}`);
  } else {
    rmSync(stateDir, { recursive: true, force: true });
    mkdirSync(stateDir, { recursive: true });
    bootstrap = writeConfig(propsFile, log4jFile, await freePort(), await freePort());
  }
  // A small heap and serial GC: the broker only serves one test run on a small machine.
  const jvm = [
    '-Xms64m',
    '-Xmx256m',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-Djava.awt.headless=true',
    `-Dlog4j.configuration=file:${log4jFile}`,
    `-Dkafka.logs.dir=${stateDir}`,
    '-cp',
    classpath,
  ];

  if (!resume) {
    const format = spawnSync(
      java,
      [...jvm, 'kafka.tools.StorageTool', 'format', '-t', clusterId(), '-c', propsFile, '--ignore-formatted'],
      { encoding: 'utf8' },
    );
    if (format.status !== 0) throw new Error(`formatting the storage failed: ${format.stderr || format.stdout}`);
  }

  const out = openSync(path.join(stateDir, 'stdout.log'), 'a');
  const child = spawn(java, [...jvm, 'kafka.Kafka', propsFile], { detached: true, stdio: ['ignore', out, out] });
  writeFileSync(pidFile, `${child.pid}\n${bootstrap}\n`);
  child.unref();
  try {
    await waitReady(bootstrap, child, Date.now() + timeoutMs);
  } catch (error) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    log(`broker log: ${path.join(stateDir, 'server.log')}`);
    throw error;
  }
  log(`ready at ${bootstrap} (pid ${child.pid}, ${Date.now() - started} ms, state ${stateDir})`);
  process.stdout.write(`${bootstrap}\n`);
}

/** Writes server.properties (single node, broker and KRaft controller) and the log4j file; returns the bootstrap address. */
function writeConfig(propsFile, log4jFile, brokerPort, controllerPort) {
  const bootstrap = `127.0.0.1:${brokerPort}`;
  const dataDir = path.join(stateDir, 'data');
  writeFileSync(
    propsFile,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${brokerPort},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://${bootstrap}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${dataDir}`,
      'num.partitions=3',
      'auto.create.topics.enable=true',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=3',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'num.network.threads=2',
      'num.io.threads=2',
      'log.flush.interval.messages=1000000',
      '',
    ].join('\n'),
  );
  writeFileSync(
    log4jFile,
    [
      'log4j.rootLogger=INFO, file',
      'log4j.appender.file=org.apache.log4j.FileAppender',
      `log4j.appender.file.File=${path.join(stateDir, 'server.log')}`,
      'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
      'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
      'log4j.logger.kafka=INFO',
      'log4j.logger.org.apache.kafka=INFO',
      '',
    ].join('\n'),
  );
  return bootstrap;
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
