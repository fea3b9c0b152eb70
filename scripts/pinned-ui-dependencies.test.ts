/**
 * Spec 9: the UI library's version is pinned (decision 032). Every package the frame renders its UI
 * with (components, routing, texts, the state components read, the HTML and dates it shows) is
 * declared at one exact version, the one the lockfile installs: an update is a change of its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** The frame's packages that decide what a player sees. */
const UI_RENDERING = [
  'react',
  'react-dom',
  'react-router',
  'i18next',
  'react-i18next',
  '@tanstack/react-query',
  'zustand',
  'isomorphic-dompurify',
  'date-fns',
  '@date-fns/utc',
];

const declared: Record<string, string> = json('frame/package.json').dependencies;
const lock: { packages: Record<string, { version?: string; dependencies?: Record<string, string> }> } =
  json('package-lock.json');

test.each(UI_RENDERING)('%s is declared at one exact version, the one installed', (name) => {
  const spec = declared[name];
  expect(spec, `${name} is not a dependency of the frame`).toBeDefined();
  expect(spec, `${name} is declared with a range`).toMatch(/^\d+\.\d+\.\d+$/);
  expect(lock.packages[`node_modules/${name}`]?.version).toBe(spec);
  // What npm ci checks the lockfile against: the workspace's entry says the same.
  expect(lock.packages.frame?.dependencies?.[name]).toBe(spec);
});
