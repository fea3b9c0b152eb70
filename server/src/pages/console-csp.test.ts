import { describe, expect, test } from 'vitest';
import { CONSOLE_CSP, CONSOLE_EDITOR_CSP } from './console.ts';

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe("the console's policies (decision 050)", () => {
  test("the CMS editor's page differs from the console's in style-src alone: inline styles for Puck's canvas", () => {
    const console = directives(CONSOLE_CSP);
    const editor = directives(CONSOLE_EDITOR_CSP);
    expect(console.get('style-src')).not.toContain("'unsafe-inline'");
    expect(editor.get('style-src')).toEqual([...(console.get('style-src') ?? []), "'unsafe-inline'"]);
    for (const [name, values] of console) if (name !== 'style-src') expect(editor.get(name), name).toEqual(values);
    // Scripts stay the build's files on every console page.
    expect(editor.get('script-src')).not.toContain("'unsafe-inline'");
  });
});
