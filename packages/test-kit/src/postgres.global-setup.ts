import { openDatabase } from '@portal/bff/db/database';
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from './postgres-server';

/**
 * One real PostgreSQL server for a project's run, with a template database migrated once: each test file
 * gets a copy of its own (test-database.ts). Tests of migrations and of an outage start servers of their own.
 */
export default async function setup(project: TestProject) {
  const server = await startPostgresServer();
  const template = await server.database('template');
  const database = await openDatabase({
    url: template,
    dir: 'memory://',
    poolMax: 1,
    statementTimeoutMs: 10_000,
  });
  await database.close();
  project.provide('postgres', { url: server.url, template: template.replace(/^.*\//, '') });
  return () => server.close();
}
