// The layout follows the viewport's width through CSS alone: no code under src/ asks for the width
// to choose what to render. tests/e2e/accessibility.spec.ts relies on it — it loads a page once and
// checks it at 1280 and then at 375 px by narrowing the window, which is the page a phone loads only
// while no script picks its markup by width. (A popover placing itself within the window, on every
// resize, reads the element's clientWidth: that is position, not layout, and is not matched here.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const READS_THE_WIDTH =
  /\b(matchMedia|innerWidth|outerWidth|visualViewport)\b|\bscreen\.(width|availWidth)\b/;

/** The application's source files under src/ (tests aside). */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name));

it('no code under src/ reads the viewport width to choose its markup', () => {
  const found = sourceFiles(path.join(ROOT, 'src')).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        READS_THE_WIDTH.test(line) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(found).toEqual([]);
});
